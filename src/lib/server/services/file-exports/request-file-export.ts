import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Language } from '~/lib/shared/constants';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { fileExports } from '~/lib/server/db/schema';
import { enqueueJob, isJobEngineRunning } from '~/lib/server/jobs/job-engine';
import type { FileExportRow, FileExportSubject } from './file-export-row';

const sameAs = (column: AnyPgColumn, value: number | string | undefined) =>
  value === undefined ? sql`${column} is null` : eq(column, value);

/**
 * Asks the job engine (`queue`) for a file (answers its row, queued). The
 * same request while one of the caller's for the same subject is still being
 * built answers that one.
 */
export async function requestFileExport(
  caller: Caller,
  subject: FileExportSubject,
  job: { queue: string; lang: Language; fileName: string; itemsTotal: number; bytesTotal?: number },
): Promise<FileExportRow> {
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(fileExports)
    .where(
      and(
        eq(fileExports.requestedBy, caller.id),
        eq(fileExports.kind, subject.kind),
        eq(fileExports.format, subject.format),
        sameAs(fileExports.assignmentId, subject.assignmentId),
        sameAs(fileExports.reportType, subject.reportType),
        sameAs(fileExports.learningPathId, subject.learningPathId),
        sameAs(fileExports.cohortId, subject.cohortId),
        inArray(fileExports.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(fileExports.id))
    .limit(1);
  if (pending) return pending;
  const [row] = await db
    .insert(fileExports)
    .values({
      kind: subject.kind,
      format: subject.format,
      requestedBy: caller.id,
      assignmentId: subject.assignmentId ?? null,
      reportType: subject.reportType ?? null,
      learningPathId: subject.learningPathId ?? null,
      cohortId: subject.cohortId ?? null,
      language: job.lang,
      fileName: job.fileName,
      itemsTotal: job.itemsTotal,
      bytesTotal: job.bytesTotal ?? 0,
    })
    .returning();
  if (isJobEngineRunning()) await enqueueJob(job.queue, { exportId: row!.id });
  return row!;
}
