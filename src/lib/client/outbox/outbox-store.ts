/**
 * The outbox's storage: one IndexedDB object store, keyed by an
 * auto-incrementing number so entries come back in the order they were
 * written (IndexedDB keeps Blobs, which localStorage cannot), through `idb`
 * (ADR 036). The database exists only while something is queued: the
 * shell looks for it (lib/client/outbox-indicator.ts) before loading any of this.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { NewOutboxEntry, OutboxEntry } from './outbox-entry';

/** The database's name (the header's script looks for it by this name: lib/client/outbox-indicator.ts). */
export const OUTBOX_DATABASE = 'senda-outbox';

const STORE = 'entries';

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxEntry; indexes: { byOwner: number } };
}

let database: Promise<IDBPDatabase<OutboxSchema>> | null = null;
// Writes one after another in this tab: an entry added while the last one's removal deletes the database waits for it.
let line: Promise<unknown> = Promise.resolve();
function inLine<T>(work: () => Promise<T>): Promise<T> {
  const next = line.then(work, work);
  line = next.catch(() => undefined);
  return next;
}

function openOutbox(): Promise<IDBPDatabase<OutboxSchema>> {
  database ??= openDB<OutboxSchema>(OUTBOX_DATABASE, 1, {
    upgrade(db) {
      const store = db.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      store.createIndex('byOwner', 'ownerId');
    },
    // Another tab deletes or upgrades the database: let it, and open it again next time.
    blocking() {
      void database?.then((db) => db.close());
      database = null;
    },
    terminated() {
      database = null;
    },
  });
  return database;
}

/** Whether the outbox database exists (where the browser can tell; if it cannot, it is assumed to). */
export async function hasOutboxDatabase(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((known) => known.name === OUTBOX_DATABASE);
}

/** Whether this browser can keep writes at all (IndexedDB may be missing or refused, e.g. some private modes). */
export const canKeepWrites = (): boolean => typeof indexedDB !== 'undefined';

/** Adds a write at the back of its owner's line; answers it as stored. */
export function addEntry(ownerId: number, entry: NewOutboxEntry, now = new Date()): Promise<OutboxEntry> {
  return inLine(async () => {
    const db = await openOutbox();
    const value = { ...entry, key: crypto.randomUUID(), ownerId, createdAt: now.toISOString(), state: 'waiting', problem: null } as Omit<OutboxEntry, 'seq'>;
    const seq = await db.add(STORE, value as OutboxEntry);
    return { ...value, seq };
  });
}

/** The owner's entries, oldest first (never another person's). */
export function listEntries(ownerId: number): Promise<OutboxEntry[]> {
  return inLine(async () => {
    // Reading must not create the database (its existence tells every page that something waits).
    if (!database && !(await hasOutboxDatabase())) return [];
    const entries = await (await openOutbox()).getAllFromIndex(STORE, 'byOwner', ownerId);
    return entries.sort((a, b) => a.seq - b.seq);
  });
}

/** Marks an entry refused, with the server's reason. */
export function markNotSent(seq: number, problem: string): Promise<void> {
  return inLine(async () => {
    const db = await openOutbox();
    const entry = await db.get(STORE, seq);
    if (entry) await db.put(STORE, { ...entry, state: 'not-sent', problem });
  });
}

/** Removes an entry (sent, or discarded by its owner); deletes the database once nobody has anything left in it. */
export function deleteEntry(seq: number): Promise<void> {
  return inLine(async () => {
    const db = await openOutbox();
    await db.delete(STORE, seq);
    if ((await db.count(STORE)) > 0) return;
    db.close();
    database = null;
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(OUTBOX_DATABASE);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  });
}
