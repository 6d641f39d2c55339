/**
 * Small in-process caches with a time to live. App servers stay stateless:
 * a cache only spares the database repeated reads, and every entry expires,
 * so other servers' writes show within the TTL. Writes in this process clear
 * the entries they touch at once.
 */
export interface TtlCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
}

// The boot script and the built server are two module graphs in one process;
// a registry on globalThis lets either clear the other's caches.
const REGISTRY_KEY = Symbol.for('senda.caches');
type GlobalWithCaches = typeof globalThis & { [REGISTRY_KEY]?: Set<{ clear(): void }> };
const registry = ((globalThis as GlobalWithCaches)[REGISTRY_KEY] ??= new Set());

/** A map whose entries expire after `ttlMs`; the oldest entries go first past `maxEntries`. */
export function createTtlCache<K, V>(ttlMs: number, maxEntries = 10_000): TtlCache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  const cache: TtlCache<K, V> = {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
  registry.add(cache);
  return cache;
}

/** Empties every cache of the process (tests, operator commands). */
export function clearAllCaches(): void {
  for (const cache of registry) cache.clear();
}
