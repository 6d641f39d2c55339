import { describe, expect, it } from 'vitest';
import { deferredStorage } from '~/lib/server/storage/deferred-storage';
import type { FileStorage } from '~/lib/server/storage/types';

/** An in-memory storage standing in for the S3 adapter (whose import is what is deferred). */
function memoryStorage(): FileStorage {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  let next = 0;
  return {
    async put(data, contentType) {
      const key = `public-${++next}.${contentType === 'image/png' ? 'png' : 'pdf'}`;
      files.set(key, new Uint8Array(data));
      return { key, url: `/files/${key}` };
    },
    get: async (key) => (files.has(key) ? { data: files.get(key)!, contentType: 'image/png' } : null),
    delete: async (key) => void files.delete(key),
    putPrivate: async () => 'private-1.pdf',
    getPrivate: async () => null,
    deletePrivate: async () => undefined,
    putPrivateStream: async () => ({ key: 'private-2.pdf', size: 0 }),
    openPrivate: async () => null,
    privateDownloadUrl: async (key, fileName) => `https://bucket.example/${key}?name=${fileName}`,
  };
}

describe('deferredStorage', () => {
  it('loads the storage on its first use, once for concurrent calls, and passes every call on', async () => {
    let loads = 0;
    const storage = deferredStorage(async () => {
      loads++;
      return memoryStorage();
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([storage.put(new Uint8Array([1, 2]), 'image/png'), storage.put(new Uint8Array([3]), 'image/png')]);
    expect(loads).toBe(1);
    expect((await storage.get(first.key))?.data).toEqual(new Uint8Array([1, 2]));
    await storage.delete(second.key);
    expect(await storage.get(second.key)).toBeNull();
    expect(await storage.privateDownloadUrl?.('private-1.pdf', 'acta.pdf', 60)).toBe('https://bucket.example/private-1.pdf?name=acta.pdf');
    expect(loads).toBe(1);
  });

  it('tries the import again after it failed, so one failure does not break every later upload', async () => {
    let attempts = 0;
    const storage = deferredStorage(async () => {
      if (++attempts === 1) throw new Error('the SDK could not be loaded');
      return memoryStorage();
    });
    await expect(storage.put(new Uint8Array([1]), 'image/png')).rejects.toThrow('the SDK could not be loaded');
    await expect(storage.put(new Uint8Array([1]), 'image/png')).resolves.toMatchObject({ url: expect.stringMatching(/^\/files\//) });
    expect(attempts).toBe(2);
  });

  it('answers null for download links when the storage has none (the local disk)', async () => {
    const { privateDownloadUrl: _, ...withoutLinks } = memoryStorage();
    const storage = deferredStorage(async () => withoutLinks);
    expect(await storage.privateDownloadUrl?.('private-1.pdf', 'acta.pdf', 60)).toBeNull();
  });
});
