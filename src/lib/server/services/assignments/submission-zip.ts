/**
 * Zips of an assignment's submissions: the latest submission of every
 * student the caller grades, one folder per student ("Apellido, Nombre", or
 * "Estudiante 3" while anonymous), files under safe names, the text and the
 * link as text files, and a summary CSV. The zip is written as it is read
 * (archiver, files stored as they are: PDFs, images and Office files are
 * compressed already), one file open at a time, so memory stays at a few
 * chunks whatever the total. Up to SUBMISSION_ZIP_STREAM_MAX_MB it streams
 * to the client; larger sets are built by the job engine into private
 * storage, with progress, and downloaded when ready (kept for a day).
 */
import { PassThrough, Readable, Transform } from 'node:stream';
import archiver from 'archiver';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { formatDateTime } from '~/lib/shared/format';
import type { SubmissionExport } from '~/lib/shared/schemas/assignments';
import { getT } from '~/i18n';
import { requireManageContent, type Caller } from '~/lib/server/auth/permissions';
import { findAssignmentWithAccess, getStudentWorkScope } from '~/lib/server/auth/access';
import { getConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { submissionExports, submissionFiles, submissions, users } from '~/lib/server/db/schema';
import { enqueueJob, isJobEngineRunning } from '~/lib/server/jobs/job-engine';
import { log } from '~/lib/server/log';
import { getStorage } from '~/lib/server/storage';
import { finalScoreOf } from '~/lib/shared/assignments';
import type { USER_TYPES } from '~/lib/shared/constants';
import { studentLabelOf } from './grading-sheet';
import { readRoster } from './roster';
import { isAnonymousRow } from './submissions';

export const BUILD_ZIP_QUEUE = 'assignments.build-zip';
export const SWEEP_ZIPS_QUEUE = 'assignments.sweep-zips';
const MB = 1024 * 1024;
/** Built zips are kept this long, then removed with their row. */
const KEEP_EXPORT_MS = 24 * 60 * 60_000;
/** Progress is written at most this often while a zip is built. */
const PROGRESS_EVERY_MS = 1000;

interface ZipEntry {
  name: string;
  /** A stored file, or text written into the zip. */
  source: { kind: 'file'; key: string; size: number } | { kind: 'text'; text: string };
  date: Date;
}

export interface ZipPlan {
  fileName: string;
  entries: ZipEntry[];
  totalBytes: number;
  filesTotal: number;
}

/** Characters no file system takes in a name (and the path separators), and the names Windows reserves. */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** A name safe as one path segment on any system: no separators or control characters, no trailing dots or spaces, at most 120 characters. */
export function safeSegment(name: string, fallback: string): string {
  let clean = name.replace(UNSAFE_CHARACTERS, '_').replace(/\s+/g, ' ').trim().replace(/[. ]+$/, '');
  if (!clean || /^[._ ]+$/.test(clean)) clean = fallback;
  if (RESERVED_NAMES.test(clean)) clean = `_${clean}`;
  if (clean.length > 120) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = `${clean.slice(0, 120 - extension.length).trimEnd()}${extension}`;
  }
  return clean;
}

/** The name, or the name with " (2)", " (3)"… before its extension when taken (compared without case, as Windows and macOS do). */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) candidate = `${base} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const defused = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",;\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
};

const zipFileNameOf = (title: string) =>
  `${
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
      .slice(0, 50) || 'tarea'
  }-entregas.zip`;

/** What a zip of an assignment holds for the caller (their students' latest submissions, or one cohort's). */
export async function planZip(caller: Caller, assignmentId: number, options: { cohort?: number; lang: Language }): Promise<ZipPlan> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const scope = await getStudentWorkScope(caller, access);
  const t = getT(options.lang);
  const { rows } = await readRoster({ assignmentId, programId: course.programId, anonymous: isAnonymousRow(assignment), scope, cohortId: options.cohort, sort: 'name' });
  const submitted = rows.filter((row) => row.submissionId !== null);
  const db = await getDb();
  const ids = submitted.map((row) => row.submissionId!);
  const [texts, files] = ids.length
    ? await Promise.all([
        db.select({ id: submissions.id, text: submissions.text, link: submissions.link }).from(submissions).where(inArray(submissions.id, ids)),
        db
          .select({ submissionId: submissionFiles.submissionId, name: submissionFiles.fileName, key: submissionFiles.storageKey, size: submissionFiles.sizeBytes })
          .from(submissionFiles)
          .where(inArray(submissionFiles.submissionId, ids))
          .orderBy(submissionFiles.submissionId, submissionFiles.position),
      ])
    : [[], []];
  const textOf = new Map(texts.map((row) => [row.id, row]));
  const entries: ZipEntry[] = [];
  const folders = new Set<string>();
  const summary = [[t('assignments.zip.student'), t('assignments.zip.folder'), t('assignments.zip.submittedAt'), t('assignments.zip.late'), t('assignments.zip.score')].map(csvCell).join(';')];
  for (const row of submitted) {
    const folder = uniqueName(safeSegment(studentLabelOf(row, t), t('assignments.anonymousStudent', { number: row.anonymousNumber })), folders);
    const taken = new Set<string>();
    const date = new Date(row.submittedAt!);
    const own = textOf.get(row.submissionId!);
    if (own?.text) entries.push({ name: `${folder}/${uniqueName(t('assignments.zip.textFile'), taken)}`, source: { kind: 'text', text: own.text }, date });
    if (own?.link) entries.push({ name: `${folder}/${uniqueName(t('assignments.zip.linkFile'), taken)}`, source: { kind: 'text', text: `${own.link}\r\n` }, date });
    for (const file of files.filter((item) => item.submissionId === row.submissionId)) {
      entries.push({ name: `${folder}/${uniqueName(safeSegment(file.name, 'archivo'), taken)}`, source: { kind: 'file', key: file.key, size: file.size }, date });
    }
    summary.push(
      [studentLabelOf(row, t), folder, formatDateTime(options.lang, row.submittedAt!), row.isLate ? t('assignments.zip.lateDays', { count: row.lateDays }) : '', row.score === null ? '' : finalScoreOf(row.rawScore, row.penaltyPercent)]
        .map(csvCell)
        .join(';'),
    );
  }
  entries.push({ name: t('assignments.zip.summaryFile'), source: { kind: 'text', text: `\uFEFF${summary.join('\r\n')}\r\n` }, date: new Date() });
  const sizeOf = (entry: ZipEntry) => (entry.source.kind === 'file' ? entry.source.size : Buffer.byteLength(entry.source.text));
  return {
    fileName: zipFileNameOf(assignment.title),
    entries,
    totalBytes: entries.reduce((sum, entry) => sum + sizeOf(entry), 0),
    filesTotal: entries.filter((entry) => entry.source.kind === 'file').length,
  };
}

/**
 * The zip's bytes as they are written. Entries go in one at a time (the
 * next file is opened when the last is written); a slow reader pauses the
 * whole chain. `onProgress` hears the source bytes and files done.
 */
export function writeZip(plan: ZipPlan, onProgress?: (done: { bytes: number; files: number }) => void): AsyncIterable<Uint8Array> & { destroy(): void } {
  const archive = archiver('zip', { zlib: { level: 6 }, highWaterMark: 1024 * 1024 });
  const output = new PassThrough({ highWaterMark: 1024 * 1024 });
  archive.on('warning', (warning) => log.warn({ err: warning, event: 'zip_warning' }, 'zip warning'));
  archive.on('error', (error) => output.destroy(error));
  archive.pipe(output);
  let bytes = 0;
  let files = 0;
  const counter = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.byteLength;
        onProgress?.({ bytes, files });
        done(null, chunk);
      },
    });
  const storage = getStorage();
  void (async () => {
    for (const entry of plan.entries) {
      if (output.destroyed) return;
      let source: Readable;
      if (entry.source.kind === 'file') {
        const opened = await storage.openPrivate(entry.source.key);
        // A file missing from storage is noted in the zip instead of failing the whole download.
        source = opened ? Readable.from(opened.stream as AsyncIterable<Uint8Array>) : Readable.from([Buffer.from('')]);
        source.once('error', (error) => output.destroy(error));
      } else {
        source = Readable.from([Buffer.from(entry.source.text)]);
      }
      const written = new Promise((resolve) => archive.once('entry', resolve));
      archive.append(source.pipe(counter()), { name: entry.name, date: entry.date, store: entry.source.kind === 'file' });
      await written;
      if (entry.source.kind === 'file') files += 1;
      onProgress?.({ bytes, files });
    }
    await archive.finalize();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return Object.assign(output as AsyncIterable<Uint8Array>, { destroy: () => void archive.abort() });
}

/** Whether a plan is small enough to stream to the client now (SUBMISSION_ZIP_STREAM_MAX_MB). */
export const isStreamable = (plan: ZipPlan): boolean => plan.totalBytes <= getConfig().SUBMISSION_ZIP_STREAM_MAX_MB * MB;

// ── Zips built by the job engine ─────────────────────────────────────────

type ExportRow = typeof submissionExports.$inferSelect;

const toExport = (row: ExportRow): SubmissionExport => ({
  id: row.id,
  assignmentId: row.assignmentId,
  status: row.status,
  filesTotal: row.filesTotal,
  filesDone: row.filesDone,
  bytesTotal: row.bytesTotal,
  bytesDone: row.bytesDone,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  downloadUrl: row.status === 'ready' ? `/api/v2/assignments/submissions/zip/${row.id}/download/` : null,
});

/**
 * Asks the job engine for a zip (answers it, queued). The same request
 * while one of the caller's for the same assignment and cohort is still
 * being built answers that one.
 */
export async function requestZipExport(caller: Caller, assignmentId: number, plan: ZipPlan, options: { cohort?: number; lang: Language }): Promise<SubmissionExport> {
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(submissionExports)
    .where(
      and(
        eq(submissionExports.assignmentId, assignmentId),
        eq(submissionExports.requestedBy, caller.id),
        options.cohort ? eq(submissionExports.cohortId, options.cohort) : sql`${submissionExports.cohortId} is null`,
        inArray(submissionExports.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(submissionExports.id))
    .limit(1);
  if (pending) return toExport(pending);
  const [row] = await db
    .insert(submissionExports)
    .values({ assignmentId, requestedBy: caller.id, cohortId: options.cohort ?? null, language: options.lang, bytesTotal: plan.totalBytes, filesTotal: plan.filesTotal })
    .returning();
  if (isJobEngineRunning()) await enqueueJob(BUILD_ZIP_QUEUE, { exportId: row!.id });
  return toExport(row!);
}

/** The caller as the requester of an export was (their current rights decide what the zip holds). */
async function requesterOf(userId: number): Promise<Caller | null> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id, email: users.email, userType: users.userType, status: users.status }).from(users).where(eq(users.id, userId));
  if (!user || user.status !== 'ACTIVE') return null;
  return { id: user.id, email: user.email, userType: user.userType as (typeof USER_TYPES)[number], cohorts: [] };
}

/** Builds a queued zip into private storage, writing its progress (the `assignments.build-zip` job). */
export async function buildZipExport(exportId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db.update(submissionExports).set({ status: 'running' }).where(and(eq(submissionExports.id, exportId), eq(submissionExports.status, 'queued'))).returning();
  if (!row) return;
  try {
    const caller = await requesterOf(row.requestedBy);
    if (!caller) throw new AppError('forbidden');
    const plan = await planZip(caller, row.assignmentId, { cohort: row.cohortId ?? undefined, lang: row.language === 'en' ? 'en' : 'es' });
    let last = 0;
    let written: Promise<unknown> = Promise.resolve();
    const zip = writeZip(plan, ({ bytes, files }) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      written = written.then(() => db.update(submissionExports).set({ bytesDone: bytes, filesDone: files }).where(eq(submissionExports.id, exportId)));
    });
    const stored = await getStorage().putPrivateStream(zip, 'application/zip');
    await written;
    await db
      .update(submissionExports)
      .set({ status: 'ready', storageKey: stored.key, sizeBytes: stored.size, bytesDone: plan.totalBytes, bytesTotal: plan.totalBytes, filesDone: plan.filesTotal, filesTotal: plan.filesTotal, finishedAt: new Date() })
      .where(eq(submissionExports.id, exportId));
  } catch (error) {
    log.error({ err: error, exportId, event: 'submission_zip_failed' }, 'a zip of submissions could not be built');
    await db.update(submissionExports).set({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'error', finishedAt: new Date() }).where(eq(submissionExports.id, exportId));
  }
}

/** An export of the caller's (nobody else's: 404). */
async function findOwnExport(caller: Caller, exportId: number): Promise<ExportRow> {
  const db = await getDb();
  const [row] = await db.select().from(submissionExports).where(and(eq(submissionExports.id, exportId), eq(submissionExports.requestedBy, caller.id)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** Where an export of the caller's stands (its progress). */
export async function getZipExport(caller: Caller, exportId: number): Promise<SubmissionExport> {
  return toExport(await findOwnExport(caller, exportId));
}

/** A ready export of the caller's, to download as a stream; not ready yet → 409 export_not_ready. */
export async function openZipExport(caller: Caller, exportId: number): Promise<{ fileName: string; contentType: string; size: number; stream: AsyncIterable<Uint8Array> }> {
  const row = await findOwnExport(caller, exportId);
  if (row.status !== 'ready' || !row.storageKey) throw new AppError('export_not_ready');
  const { assignment, course, access } = await findAssignmentWithAccess(caller, row.assignmentId);
  requireManageContent(access, course.status);
  const file = await getStorage().openPrivate(row.storageKey);
  if (!file) throw new AppError('not_found');
  return { fileName: zipFileNameOf(assignment.title), contentType: 'application/zip', size: file.size, stream: file.stream as AsyncIterable<Uint8Array> };
}

/** Removes exports older than a day, with their files (the hourly `assignments.sweep-zips` job). */
export async function sweepZipExports(now = new Date()): Promise<number> {
  const db = await getDb();
  const old = await db.delete(submissionExports).where(lt(submissionExports.createdAt, new Date(now.getTime() - KEEP_EXPORT_MS))).returning({ key: submissionExports.storageKey });
  const storage = getStorage();
  await Promise.allSettled(old.flatMap((row) => (row.key ? [storage.deletePrivate(row.key)] : [])));
  return old.length;
}

