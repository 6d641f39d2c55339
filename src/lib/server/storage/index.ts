/**
 * The file storage the app uses: local disk under `$SENDA_DATA_DIR/uploads`
 * by default, or an S3-compatible bucket with `SENDA_STORAGE=s3` when several
 * servers must share files. Both implement the same `FileStorage` interface.
 */
import { join } from 'node:path';
import { getConfig, requireS3Settings, type Config } from '~/lib/server/config';
import { createLocalDiskStorage } from './local-disk';
import { deferredStorage } from './deferred-storage';
import type { FileStorage } from './types';

export { keyOfUrl } from './keys';
export type { FileStorage } from './types';

/** Which storage a config asks for: `identity` tells whether it changed (kept in memory only). */
function describeStorage(config: Config): { identity: string; create: () => FileStorage } {
  if (config.SENDA_STORAGE === 's3') {
    const settings = requireS3Settings(config);
    return { identity: JSON.stringify(['s3', settings]), create: () => deferredStorage(async () => (await import('./s3')).createS3Storage(settings)) };
  }
  const directory = join(config.SENDA_DATA_DIR, 'uploads');
  return { identity: JSON.stringify(['disk', directory]), create: () => createLocalDiskStorage(directory) };
}

let current: { identity: string; storage: FileStorage } | null = null;

/** The configured storage (re-created when the configuration changes, as in tests). */
export function getStorage(): FileStorage {
  const { identity, create } = describeStorage(getConfig());
  if (current?.identity !== identity) current = { identity, storage: create() };
  return current.storage;
}
