import { and, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Language, USER_TYPES } from '~/lib/shared/constants';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { fileExports, users } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { getStorage } from '~/lib/server/storage';
import { CONTENT_TYPES, type FileExportKind, type FileExportProgress, type FileExportRow } from './file-export-row';

/** Progress is written at most this often while a file is built. */
const PROGRESS_EVERY_MS = 1000;

/** What a kind's writer gets: the export, its requester as they are now (their current rights decide what it holds), its language. */
export interface FileExportWork {
  row: FileExportRow;
  requester: Caller;
  lang: Language;
  /** Heard as the file is written; written to the row at most once a second. */
  onProgress: (progress: FileExportProgress) => void;
}

/** A kind's file as it is written, and its progress once whole. */
export interface FileExportBody {
  body: AsyncIterable<Uint8Array>;
  done: FileExportProgress;
}

/** The requester of an export as they are now; gone or inactive → null. */
async function findRequester(userId: number): Promise<Caller | null> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id, email: users.email, userType: users.userType, status: users.status }).from(users).where(eq(users.id, userId));
  if (!user || user.status !== 'ACTIVE') return null;
  return { id: user.id, email: user.email, userType: user.userType as (typeof USER_TYPES)[number], cohorts: [] };
}

/**
 * Builds a queued export of `kind` into private storage with `write`,
 * writing its progress; ready with its file, or failed with the reason (a
 * failure is recorded on the export, which its requester sees, not retried).
 */
export async function buildFileExport(exportId: number, kind: FileExportKind, write: (work: FileExportWork) => Promise<FileExportBody>): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(fileExports)
    .set({ status: 'running' })
    .where(and(eq(fileExports.id, exportId), eq(fileExports.kind, kind), eq(fileExports.status, 'queued')))
    .returning();
  if (!row) return;
  try {
    const requester = await findRequester(row.requestedBy);
    if (!requester) throw new AppError('forbidden');
    let last = 0;
    let written: Promise<unknown> = Promise.resolve();
    const onProgress = (progress: FileExportProgress) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      written = written.then(() => db.update(fileExports).set(progress).where(eq(fileExports.id, exportId)));
    };
    const file = await write({ row, requester, lang: row.language === 'en' ? 'en' : 'es', onProgress });
    const stored = await getStorage().putPrivateStream(file.body, CONTENT_TYPES[row.format]);
    await written;
    await db
      .update(fileExports)
      .set({ ...file.done, status: 'ready', storageKey: stored.key, sizeBytes: stored.size, finishedAt: new Date() })
      .where(eq(fileExports.id, exportId));
  } catch (error) {
    log.error({ err: error, exportId, kind, event: 'file_export_failed' }, 'a file export could not be built');
    await db
      .update(fileExports)
      .set({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'error', finishedAt: new Date() })
      .where(eq(fileExports.id, exportId));
  }
}
