/**
 * A storage whose implementation is loaded on its first use. The S3 client
 * (the AWS SDK: ~6 MiB of heap and ~35 MiB of RSS while it loads) is only
 * imported by servers configured for S3, and only once they touch a file.
 */
import type { FileStorage } from './types';

/** A FileStorage that loads the real one on the first call and delegates every call to it. */
export function deferredStorage(load: () => Promise<FileStorage>): FileStorage {
  let loaded: Promise<FileStorage> | null = null;
  const storage = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null; // A failed import is tried again on the next call.
      throw error;
    });
    return loaded;
  };
  return {
    put: async (data, contentType) => (await storage()).put(data, contentType),
    get: async (key) => (await storage()).get(key),
    delete: async (key) => (await storage()).delete(key),
    putPrivate: async (data, contentType) => (await storage()).putPrivate(data, contentType),
    getPrivate: async (key) => (await storage()).getPrivate(key),
    deletePrivate: async (key) => (await storage()).deletePrivate(key),
    putPrivateStream: async (source, contentType) => (await storage()).putPrivateStream(source, contentType),
    openPrivate: async (key) => (await storage()).openPrivate(key),
    privateDownloadUrl: async (key, fileName, expiresInS) => (await storage()).privateDownloadUrl?.(key, fileName, expiresInS) ?? null,
  };
}
