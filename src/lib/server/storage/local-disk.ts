import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { contentTypeOfKey, createStorageKey, urlOfKey } from './keys';
import type { FileContent, FileStorage, StoredContentType } from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Private files live in this subdirectory; a key never names a path, so public reads cannot reach it. */
const PRIVATE_DIRECTORY = 'private';

/** One directory of files, one file per key. */
function createKeyedDirectory(root: string) {
  // Only validated keys reach join(): they hold no separators or dots besides the extension's.
  const pathOf = (key: string) => join(root, key);
  return {
    async put(data: Uint8Array, contentType: StoredContentType): Promise<string> {
      const key = createStorageKey(contentType);
      await mkdir(root, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${pathOf(key)}.partial`;
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, pathOf(key));
      return key;
    },
    async get(key: string): Promise<FileContent | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        return { data: new Uint8Array(await readFile(pathOf(key))), contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key: string): Promise<void> {
      if (!contentTypeOfKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Files on the local disk: public ones in `directory`, private ones in its `private/` subdirectory. */
export function createLocalDiskStorage(directory: string): FileStorage {
  const root = resolve(directory);
  const publicFiles = createKeyedDirectory(root);
  const privateFiles = createKeyedDirectory(join(root, PRIVATE_DIRECTORY));

  return {
    async put(data, contentType) {
      const key = await publicFiles.put(data, contentType);
      return { key, url: urlOfKey(key) };
    },
    get: publicFiles.get,
    delete: publicFiles.delete,
    putPrivate: privateFiles.put,
    getPrivate: privateFiles.get,
    deletePrivate: privateFiles.delete,
  };
}
