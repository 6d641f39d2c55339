import { lt } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { fileExports } from '~/lib/server/db/schema';
import { getStorage } from '~/lib/server/storage';
import { KEEP_FILE_EXPORT_MS } from './file-export-row';

export const SWEEP_FILE_EXPORTS_QUEUE = 'file-exports.sweep';

/** Removes exports of every kind older than a day, with their files (the hourly `file-exports.sweep` job). */
export async function sweepFileExports(now = new Date()): Promise<number> {
  const db = await getDb();
  const old = await db
    .delete(fileExports)
    .where(lt(fileExports.createdAt, new Date(now.getTime() - KEEP_FILE_EXPORT_MS)))
    .returning({ key: fileExports.storageKey });
  const storage = getStorage();
  await Promise.allSettled(old.flatMap((row) => (row.key ? [storage.deletePrivate(row.key)] : [])));
  return old.length;
}
