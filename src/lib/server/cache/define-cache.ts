/**
 * Read caches that every app server keeps correct. A cache names, per table,
 * which entries a change to that table drops (`invalidatedBy`); the change
 * feed (change-feed.ts) brings every change from the database, whoever made
 * it. A value loaded while the data changed is answered but not kept, and
 * nothing is kept while the feed is down. Entries also expire (`ttlMs`) and
 * the cache is bounded (`max` entries, or `maxBytes` measured by `sizeOf`),
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
  /** …or at most these many bytes, as `sizeOf` estimates an entry. */
  maxBytes?: number;
  sizeOf?: (value: V, key: K) => number;
  /** Per table: which entries its changes drop. Omitted: the values never go stale (keyed by content). */
  invalidatedBy?: Readonly<Record<string, Invalidation<K>>>;
}

export interface SharedCache<K, V> {
  /** The cached value, or `load()`'s, kept unless the data changed while loading. Concurrent loads of one key share one call. */
  getOrLoad(key: K, load: () => Promise<V>): Promise<V>;
  /** Many keys at once: the missing ones through one `loadMissing` call. */
  getManyOrLoad(keys: readonly K[], loadMissing: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>>;
  /** Drops every entry. */
  clear(): void;
}

// Both module graphs of the process register here, so tests and operators can empty every cache.
const REGISTRY_KEY = Symbol.for('senda.caches');
const registry = ((globalThis as typeof globalThis & { [REGISTRY_KEY]?: Set<{ clear(): void }> })[REGISTRY_KEY] ??= new Set());

/** Creates a cache that the change feed keeps right (see the module comment). */
export function defineCache<K extends string | number, V extends object | string | number | boolean>(options: CacheOptions<K, V>): SharedCache<K, V> {
  const entries = new LRUCache<K, V>({
    max: options.max,
    ttl: options.ttlMs,
    ...(options.maxBytes ? { maxSize: options.maxBytes, sizeCalculation: (value: V, key: K) => Math.max(1, options.sizeOf?.(value, key) ?? 1) } : {}),
  });
  const inflight = new Map<K, Promise<V>>();
  // Bumped by every invalidation: a load that started before it must not be kept.
  let generation = 0;

  const invalidate = (change: DataChange) => {
    const rule = change.table === '*' ? () => 'all' as const : options.invalidatedBy?.[change.table];
    if (!rule) return;
    const dropped = change.keys ? rule(change.keys) : 'all';
    generation++;
    inflight.clear();
    if (dropped === 'all') entries.clear();
    else for (const key of dropped) entries.delete(key);
  };
  if (options.invalidatedBy) onDataChange(invalidate);

  const keep = (startedAt: number, key: K, value: V) => {
    if (startedAt === generation && isChangeFeedConnected()) entries.set(key, value);
  };

  const cache: SharedCache<K, V> = {
    getOrLoad(key, load) {
      const hit = entries.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = inflight.get(key);
      if (pending) return pending;
      const startedAt = generation;
      const loading = load()
        .then((value) => {
          keep(startedAt, key, value);
          return value;
        })
        .finally(() => {
          if (inflight.get(key) === loading) inflight.delete(key);
        });
      inflight.set(key, loading);
      return loading;
    },
    async getManyOrLoad(keys, loadMissing) {
      const found = new Map<K, V>();
      const missing: K[] = [];
      for (const key of keys) {
        const hit = entries.get(key);
        if (hit === undefined) missing.push(key);
        else found.set(key, hit);
      }
      if (missing.length === 0) return found;
      const startedAt = generation;
      for (const [key, value] of await loadMissing(missing)) {
        keep(startedAt, key, value);
        found.set(key, value);
      }
      return found;
    },
    clear() {
      generation++;
      inflight.clear();
      entries.clear();
    },
  };
  registry.add(cache);
  return cache;
}

/** Empties every cache of the process (tests, after the test database is emptied). */
export function clearAllCaches(): void {
  for (const cache of registry) cache.clear();
}

/** The numbers among a change's values of `column` (key columns are integers or text). */
export function idsOf(keys: ChangeKeys, column: string): number[] {
  return (keys[column] ?? []).map(Number).filter(Number.isInteger);
}
