/**
 * Read caches that every app server keeps correct. A cache names, per table,
 * which entries a change to that table drops (`invalidatedBy`); the change
 * feed (change-feed.ts) brings every change from the database, whoever made
 * it. A value loaded while the data changed is answered but not kept, and
 * nothing is kept while the feed is down. Entries also expire (`ttlMs`) and
 * the cache is bounded (`max` entries, and `maxBytes` measured by `sizeOf`),
 * so memory stays bounded whatever the traffic (lru-cache).
 */
import { LRUCache } from 'lru-cache';
import { isChangeFeedConnected, onDataChange, type DataChange } from './change-feed';

type ChangeKeys = NonNullable<DataChange['keys']>;
/** The entries a change drops: some keys, or all of them. */
type Invalidation<K> = (keys: ChangeKeys) => readonly K[] | 'all';

export interface CacheOptions<K, V> {
  /** Expiry, a safety net behind the change feed. */
  ttlMs: number;
  /** At most this many entries… */
  max: number;
  /** …and at most these many bytes, as `sizeOf` estimates an entry. */
  maxBytes?: number;
  sizeOf?: (value: V, key: K) => number;
  /** Per table: which entries its changes drop. Omitted: the values never go stale (keyed by content). */
  invalidatedBy?: Readonly<Record<string, Invalidation<K>>>;
}

export interface SharedCache<K, V> {
  /** The cached value, or `load()`'s, kept unless the data changed while loading. Concurrent loads of one key share one call. */
  getOrLoad(key: K, load: () => Promise<V>): Promise<V>;
  /** Many keys at once: the missing ones through one `loadMissing` call; keys already being read by another call are waited for, not read again. */
  getManyOrLoad(keys: readonly K[], loadMissing: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>>;
  /** Drops every entry. */
  clear(): void;
}

// Both module graphs of the process register here, so tests and operators can empty every cache.
const REGISTRY_KEY = Symbol.for('senda.caches');
const registry = ((globalThis as typeof globalThis & { [REGISTRY_KEY]?: Set<{ clear(): void }> })[REGISTRY_KEY] ??= new Set());

/** Creates a cache that the change feed keeps right (see the module comment). */
export function defineCache<K extends string | number, V extends object | string | number | boolean>(options: CacheOptions<K, V>): SharedCache<K, V> {
  const entries = new LRUCache<K, V>({ ttl: options.ttlMs, ...sizeBudget(options) });
  // Loads under way, by key: a change to a key marks its load stale, so the value is answered but not kept.
  const loading = new Map<K, { promise: Promise<V>; isStale: boolean }>();
  const batches = new Set<{ keys: Set<K>; staleKeys: Set<K> | 'all' }>();
  // Keys a getManyOrLoad batch is reading, with what it will answer for each (undefined: not found).
  const batchLoads = new Map<K, Promise<V | undefined>>();

  const markStale = (dropped: readonly K[] | 'all') => {
    if (dropped === 'all') {
      for (const load of loading.values()) load.isStale = true;
      loading.clear();
      // Calls after the change read again rather than wait for a read that began before it.
      batchLoads.clear();
      for (const batch of batches) batch.staleKeys = 'all';
      return;
    }
    for (const key of dropped) {
      const load = loading.get(key);
      if (load) load.isStale = true;
      loading.delete(key);
      batchLoads.delete(key);
    }
    for (const batch of batches) {
      if (batch.staleKeys === 'all') continue;
      for (const key of dropped) if (batch.keys.has(key)) batch.staleKeys.add(key);
    }
  };

  const invalidate = (change: DataChange) => {
    const rule = change.table === '*' ? () => 'all' as const : options.invalidatedBy?.[change.table];
    if (!rule) return;
    const dropped = change.keys ? rule(change.keys) : 'all';
    markStale(dropped);
    if (dropped === 'all') entries.clear();
    else for (const key of dropped) entries.delete(key);
  };
  if (options.invalidatedBy) onDataChange(invalidate);

  const cache: SharedCache<K, V> = {
    getOrLoad(key, load) {
      const hit = entries.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = loading.get(key);
      if (pending) return pending.promise;
      const record = { promise: undefined as unknown as Promise<V>, isStale: false };
      record.promise = load()
        .then((value) => {
          if (!record.isStale && isChangeFeedConnected()) entries.set(key, value);
          return value;
        })
        .finally(() => {
          if (loading.get(key) === record) loading.delete(key);
        });
      loading.set(key, record);
      return record.promise;
    },
    async getManyOrLoad(keys, loadMissing) {
      const found = new Map<K, V>();
      const missing: K[] = [];
      // Keys another call is loading right now: wait for its answer instead of reading them again (a burst of
      // requests for one cold key, such as thousands of students starting one quiz, reads it once).
      const shared: Promise<void>[] = [];
      for (const key of keys) {
        const hit = entries.get(key);
        if (hit !== undefined) {
          found.set(key, hit);
          continue;
        }
        const pending = loading.get(key)?.promise ?? batchLoads.get(key);
        if (pending) shared.push(pending.then((value) => void (value !== undefined && found.set(key, value))));
        else missing.push(key);
      }
      if (missing.length > 0) {
        const batch = { keys: new Set(missing), staleKeys: new Set<K>() as Set<K> | 'all' };
        batches.add(batch);
        const loaded = loadMissing(missing);
        // What the batch answers for each key (undefined: not found), for the calls that come meanwhile.
        const ours = new Map<K, Promise<V | undefined>>();
        for (const key of missing) {
          const promise = loaded.then((values) => values.get(key));
          promise.catch(() => undefined);
          ours.set(key, promise);
          batchLoads.set(key, promise);
        }
        try {
          for (const [key, value] of await loaded) {
            const isStale = batch.staleKeys === 'all' || batch.staleKeys.has(key);
            if (!isStale && isChangeFeedConnected()) entries.set(key, value);
            found.set(key, value);
          }
        } finally {
          batches.delete(batch);
          for (const [key, promise] of ours) if (batchLoads.get(key) === promise) batchLoads.delete(key);
        }
      }
      await Promise.all(shared);
      return found;
    },
    clear() {
      markStale('all');
      entries.clear();
    },
  };
  registry.add(cache);
  return cache;
}

/** One budget of lru-cache "size" units; each bound (entries, bytes) owns all of it. */
const BUDGET = 2 ** 30;

/**
 * Both bounds as one lru-cache size budget: an entry costs its share of the
 * entry bound or of the byte bound, whichever is larger, so the cache never
 * passes either. lru-cache's own `max` would allocate its arrays for `max`
 * entries up front (~50 bytes each: 5 MB for an empty 100,000-entry cache,
 * ~60 MB over all the caches), where a size budget lets them grow with use.
 */
function sizeBudget<K, V>(options: CacheOptions<K, V>) {
  const entryShare = Math.floor(BUDGET / options.max);
  const { maxBytes, sizeOf } = options;
  const byteShare = (value: V, key: K) => (maxBytes ? Math.ceil((BUDGET * Math.max(1, sizeOf?.(value, key) ?? 1)) / maxBytes) : 0);
  return { maxSize: BUDGET, sizeCalculation: (value: V, key: K) => Math.max(entryShare, byteShare(value, key)) };
}

/** Registers other per-server memory of table rows (the live hub's delivered event ids) to be forgotten with the caches. */
export function forgetWithCaches(clear: () => void): void {
  registry.add({ clear });
}

/** Empties every cache of the process (tests, after the test database is emptied). */
export function clearAllCaches(): void {
  for (const cache of registry) cache.clear();
}

/** The numbers among a change's values of `column` (key columns are integers or text). */
export function idsOf(keys: ChangeKeys, column: string): number[] {
  return (keys[column] ?? []).map(Number).filter(Number.isInteger);
}
