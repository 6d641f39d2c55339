import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { contentTypeOfKey, createStorageKey, urlOfKey } from './keys';
import type { FileStorage } from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on the local disk, one file per key in one directory. */
export function createLocalDiskStorage(directory: string): FileStorage {
  const root = resolve(directory);
  // Only validated keys reach join(): they hold no separators or dots besides the extension's.
  const pathOf = (key: string) => join(root, key);

  return {
    async put(data, contentType) {
      const key = createStorageKey(contentType);
      await mkdir(root, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${pathOf(key)}.partial`;
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, pathOf(key));
      return { key, url: urlOfKey(key) };
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        return { data: new Uint8Array(await readFile(pathOf(key))), contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!contentTypeOfKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
