/**
 * A `FileStorage` made of two keyed areas, public and private, whatever holds
 * them (a directory on disk, a prefix in a bucket): both backends build theirs
 * here, so they answer alike.
 */
import { urlOfKey } from './keys';
import type { FileContent, FileStorage, FileStream, StoredContentType } from './types';

/** One area of files, one per key (keys are made and checked by keys.ts). */
export interface KeyedArea {
  put(data: Uint8Array, contentType: StoredContentType): Promise<string>;
  get(key: string): Promise<FileContent | null>;
  delete(key: string): Promise<void>;
  putStream(source: AsyncIterable<Uint8Array>, contentType: StoredContentType): Promise<{ key: string; size: number }>;
  open(key: string): Promise<FileStream | null>;
}

export function storageOverAreas(publicFiles: KeyedArea, privateFiles: KeyedArea): FileStorage {
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
    putPrivateStream: privateFiles.putStream,
    openPrivate: privateFiles.open,
  };
}
