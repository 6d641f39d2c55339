/**
 * The caches' bounds: at most `max` entries, at most `maxBytes` by their
 * `sizeOf`, the least recently used dropped first; and no memory reserved
 * for entries that were never stored.
 */
import { describe, expect, it } from 'vitest';
import { defineCache } from '~/lib/server/cache/define-cache';
import { setChangeFeedConnected } from '~/lib/server/cache/change-feed';

const load = (value: string) => () => Promise.resolve(value);

describe('defineCache', () => {
  setChangeFeedConnected(true);

  it('keeps at most `max` entries, dropping the least recently used', async () => {
    const cache = defineCache<number, string>({ ttlMs: 60_000, max: 3 });
    for (const key of [1, 2, 3]) await cache.getOrLoad(key, load(`v${key}`));
    await cache.getOrLoad(1, load('again'));
    await cache.getOrLoad(4, load('v4'));
    // 2 was the least recently used: read again; 1, 3 and 4 are still there.
    expect(await cache.getOrLoad(2, load('reloaded'))).toBe('reloaded');
    expect(await cache.getOrLoad(4, load('reloaded'))).toBe('v4');
  });

  it('keeps at most `maxBytes`, and no more than `max` entries of small values', async () => {
    const bytes = defineCache<number, string>({ ttlMs: 60_000, max: 100, maxBytes: 1000, sizeOf: (value) => value.length });
    await bytes.getOrLoad(1, load('a'.repeat(600)));
    await bytes.getOrLoad(2, load('b'.repeat(600)));
    expect(await bytes.getOrLoad(1, load('reloaded'))).toBe('reloaded');
    const small = defineCache<number, string>({ ttlMs: 60_000, max: 2, maxBytes: 1_000_000, sizeOf: () => 1 });
    for (const key of [1, 2, 3]) await small.getOrLoad(key, load(`v${key}`));
    expect(await small.getOrLoad(1, load('reloaded'))).toBe('reloaded');
  });

  it('reserves nothing for entries never stored: a cache of a million entries costs next to no heap', async () => {
    const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const caches = Array.from({ length: 20 }, () => defineCache<number, string>({ ttlMs: 60_000, max: 1_000_000 }));
    const grown = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - before;
    expect(caches).toHaveLength(20);
    // Given `max`, lru-cache would allocate ~45 bytes per slot up front: 900 MB here.
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  });
});
