/**
 * Reports too large for one request (more than REPORT_STREAM_MAX_ROWS rows,
 * or asked for with `delivery=job`), built by the job engine into private
 * storage with their progress, downloaded by whoever asked once ready and
 * swept after a day: the pattern of the submission zips (ADR 013, ADR 017).
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Language, USER_TYPES } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { ReportExport, ReportType } from '~/lib/shared/schemas/reports';
import { getT } from '~/i18n';
import type { Caller } from '~/lib/server/auth/permissions';
import { getConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { reportExports, users } from '~/lib/server/db/schema';
import { enqueueJob, isJobEngineRunning } from '~/lib/server/jobs/job-engine';
import { log } from '~/lib/server/log';
import { getStorage } from '~/lib/server/storage';
import type { TableFormat } from '~/lib/server/spreadsheets/write-table-file';
import { planReport, reportFileNameOf, writeReport, type ReportFilters, type ReportPlan } from './write-report';

export const BUILD_REPORT_QUEUE = 'reports.build';
export const SWEEP_REPORTS_QUEUE = 'reports.sweep';
/** Built reports are kept this long, then removed with their row. */
const KEEP_EXPORT_MS = 24 * 60 * 60_000;
/** Progress is written at most this often while a report is built. */
const PROGRESS_EVERY_MS = 1000;
const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** Whether a report is small enough to stream to the client now (REPORT_STREAM_MAX_ROWS). */
export const isReportStreamable = (plan: ReportPlan): boolean => plan.rowsTotal <= getConfig().REPORT_STREAM_MAX_ROWS;

type ExportRow = typeof reportExports.$inferSelect;

const toExport = (row: ExportRow): ReportExport => ({
  id: row.id,
  type: row.type as ReportType,
  format: row.format,
  status: row.status,
  rowsTotal: row.rowsTotal,
  rowsDone: row.rowsDone,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  downloadUrl: row.status === 'ready' ? `/api/v2/reports/exports/${row.id}/download/` : null,
});

/** Asks the job engine for a report (answers it, queued); the same request while one of the caller's is still being built answers that one. */
export async function requestReportExport(caller: Caller, plan: ReportPlan, options: ReportFilters & { format: TableFormat; lang: Language }): Promise<ReportExport> {
  const db = await getDb();
  const sameFilter = (column: typeof reportExports.learningPathId | typeof reportExports.cohortId, value: number | undefined) =>
    value === undefined ? sql`${column} is null` : eq(column, value);
  const [pending] = await db
    .select()
    .from(reportExports)
    .where(
      and(
        eq(reportExports.requestedBy, caller.id),
        eq(reportExports.type, plan.type),
        eq(reportExports.format, options.format),
        sameFilter(reportExports.learningPathId, options.learningPathId),
        sameFilter(reportExports.cohortId, options.cohortId),
        inArray(reportExports.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(reportExports.id))
    .limit(1);
  if (pending) return toExport(pending);
  const [row] = await db
    .insert(reportExports)
    .values({
      requestedBy: caller.id,
      type: plan.type,
      format: options.format,
      learningPathId: options.learningPathId ?? null,
      cohortId: options.cohortId ?? null,
      language: options.lang,
      rowsTotal: plan.rowsTotal,
      fileName: reportFileNameOf(plan.type, options.format, getT(options.lang)),
    })
    .returning();
  if (isJobEngineRunning()) await enqueueJob(BUILD_REPORT_QUEUE, { exportId: row!.id });
  return toExport(row!);
}

/** The caller as the requester of an export now is (their current rights decide what the report holds). */
async function requesterOf(userId: number): Promise<Caller | null> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id, email: users.email, userType: users.userType, status: users.status }).from(users).where(eq(users.id, userId));
  if (!user || user.status !== 'ACTIVE') return null;
  return { id: user.id, email: user.email, userType: user.userType as (typeof USER_TYPES)[number], cohorts: [] };
}

/** Builds a queued report into private storage, writing its progress (the `reports.build` job). */
export async function buildReportExport(exportId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db.update(reportExports).set({ status: 'running' }).where(and(eq(reportExports.id, exportId), eq(reportExports.status, 'queued'))).returning();
  if (!row) return;
  try {
    const caller = await requesterOf(row.requestedBy);
    if (!caller) throw new AppError('forbidden');
    const plan = await planReport(caller, row.type as ReportType, { learningPathId: row.learningPathId ?? undefined, cohortId: row.cohortId ?? undefined });
    let last = 0;
    let written: Promise<unknown> = Promise.resolve();
    const file = writeReport(plan, {
      format: row.format,
      lang: row.language === 'en' ? 'en' : 'es',
      onRows: (done) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        written = written.then(() => db.update(reportExports).set({ rowsDone: done, rowsTotal: Math.max(plan.rowsTotal, done) }).where(eq(reportExports.id, exportId)));
      },
    });
    const stored = await getStorage().putPrivateStream(file.body as unknown as AsyncIterable<Uint8Array>, CONTENT_TYPES[row.format]);
    await written;
    await db
      .update(reportExports)
      .set({ status: 'ready', storageKey: stored.key, sizeBytes: stored.size, rowsTotal: plan.rowsTotal, rowsDone: plan.rowsTotal, finishedAt: new Date() })
      .where(eq(reportExports.id, exportId));
  } catch (error) {
    log.error({ err: error, exportId, event: 'report_export_failed' }, 'a report could not be built');
    await db.update(reportExports).set({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'error', finishedAt: new Date() }).where(eq(reportExports.id, exportId));
  }
}

/** An export of the caller's (nobody else's: 404). */
async function findOwnExport(caller: Caller, exportId: number): Promise<ExportRow> {
  const db = await getDb();
  const [row] = await db.select().from(reportExports).where(and(eq(reportExports.id, exportId), eq(reportExports.requestedBy, caller.id)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** Where an export of the caller's stands (its progress). */
export async function getReportExport(caller: Caller, exportId: number): Promise<ReportExport> {
  return toExport(await findOwnExport(caller, exportId));
}

/** A ready export of the caller's, to download as a stream; not ready yet → 409 export_not_ready. Their rights are checked again. */
export async function openReportExport(caller: Caller, exportId: number): Promise<{ fileName: string; contentType: string; size: number; stream: AsyncIterable<Uint8Array> }> {
  const row = await findOwnExport(caller, exportId);
  if (row.status !== 'ready' || !row.storageKey) throw new AppError('export_not_ready');
  await planReport(caller, row.type as ReportType, { learningPathId: row.learningPathId ?? undefined, cohortId: row.cohortId ?? undefined });
  const file = await getStorage().openPrivate(row.storageKey);
  if (!file) throw new AppError('not_found');
  return { fileName: row.fileName, contentType: CONTENT_TYPES[row.format], size: file.size, stream: file.stream as AsyncIterable<Uint8Array> };
}

/** Removes exports older than a day, with their files (the hourly `reports.sweep` job). */
export async function sweepReportExports(now = new Date()): Promise<number> {
  const db = await getDb();
  const old = await db.delete(reportExports).where(lt(reportExports.createdAt, new Date(now.getTime() - KEEP_EXPORT_MS))).returning({ key: reportExports.storageKey });
  const storage = getStorage();
  await Promise.allSettled(old.flatMap((row) => (row.key ? [storage.deletePrivate(row.key)] : [])));
  return old.length;
}
