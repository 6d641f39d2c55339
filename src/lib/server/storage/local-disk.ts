import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOfKey, createStorageKey } from './keys';
import { storageOverAreas, type KeyedArea } from './storage-over-areas';
import type { FileContent, FileStorage, FileStream, StoredContentType } from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Private files live in this subdirectory; a key never names a path, so public reads cannot reach it. */
const PRIVATE_DIRECTORY = 'private';

/** One directory of files, one file per key. */
function createKeyedDirectory(root: string): KeyedArea {
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
    async putStream(source: AsyncIterable<Uint8Array>, contentType: StoredContentType): Promise<{ key: string; size: number }> {
      const key = createStorageKey(contentType);
      await mkdir(root, { recursive: true });
      const partial = `${pathOf(key)}.partial`;
      let size = 0;
      async function* counted() {
        for await (const chunk of source) {
          size += chunk.byteLength;
          yield chunk;
        }
      }
      try {
        await pipeline(Readable.from(counted()), createWriteStream(partial, { flags: 'wx' }));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, pathOf(key));
      return { key, size };
    },
    async open(key: string): Promise<FileStream | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        const handle = await open(pathOf(key), 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream({ highWaterMark: STREAM_CHUNK_BYTES }), size, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

/** Read in 256 KiB chunks: fewer, larger writes to the socket or the zip. */
const STREAM_CHUNK_BYTES = 256 * 1024;

/** Files on the local disk: public ones in `directory`, private ones in its `private/` subdirectory. */
export function createLocalDiskStorage(directory: string): FileStorage {
  const root = resolve(directory);
  return storageOverAreas(createKeyedDirectory(root), createKeyedDirectory(join(root, PRIVATE_DIRECTORY)));
}
