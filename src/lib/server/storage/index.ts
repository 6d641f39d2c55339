/**
 * The file storage the app uses: local disk under `$SENDA_DATA_DIR/uploads`.
 * An S3-compatible implementation of the same `FileStorage` interface slots in
 * here when several servers must share files.
 */
import { join } from 'node:path';
import { getConfig } from '../config';
import { createLocalDiskStorage } from './local-disk';
import type { FileStorage } from './types';

export { keyOfUrl } from './keys';
export type { FileContent, FileStorage, StoredContentType, StoredFile } from './types';

let current: { directory: string; storage: FileStorage } | null = null;

/** The storage for the configured data directory (re-created when the configuration changes, as in tests). */
export function getStorage(): FileStorage {
  const directory = join(getConfig().SENDA_DATA_DIR, 'uploads');
  if (current?.directory !== directory) current = { directory, storage: createLocalDiskStorage(directory) };
  return current.storage;
}
