import { and, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { fileExports } from '~/lib/server/db/schema';
import { getStorage } from '~/lib/server/storage';
import { CONTENT_TYPES, type FileExportKind, type FileExportRow } from './file-export-row';

/** An export of `kind` of the caller's (nobody else's, and no other kind's: 404). */
export async function findOwnFileExport(caller: Caller, kind: FileExportKind, exportId: number): Promise<FileExportRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(fileExports)
    .where(and(eq(fileExports.id, exportId), eq(fileExports.kind, kind), eq(fileExports.requestedBy, caller.id)));
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * A ready export of the caller's, to download as a stream; not ready yet →
 * 409 export_not_ready. `recheck` asks again whether the caller may still
 * see what it holds (it throws when not).
 */
export async function openFileExport(
  caller: Caller,
  kind: FileExportKind,
  exportId: number,
  recheck: (row: FileExportRow) => Promise<unknown>,
): Promise<{ fileName: string; contentType: string; size: number; stream: AsyncIterable<Uint8Array> }> {
  const row = await findOwnFileExport(caller, kind, exportId);
  if (row.status !== 'ready' || !row.storageKey) throw new AppError('export_not_ready');
  await recheck(row);
  const file = await getStorage().openPrivate(row.storageKey);
  if (!file) throw new AppError('not_found');
  return { fileName: row.fileName, contentType: CONTENT_TYPES[row.format], size: file.size, stream: file.stream as AsyncIterable<Uint8Array> };
}
