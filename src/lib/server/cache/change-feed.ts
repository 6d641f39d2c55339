/**
 * What the database says changed. Triggers on every table a cache reads from
 * notify the `senda_changes` channel (migration 0004), so no write can forget
 * to: each app server listens (db/listen-for-changes.ts) and hands every
 * change to the caches here. A server hears its own writes before the write
 * returns (PGlite delivers at once; on PostgreSQL every pool connection
 * listens, and a session receives its own notifications before its statement
 * completes), and other servers' writes within milliseconds.
 */

export const CHANGES_CHANNEL = 'senda_changes';

/** Rows of `table` changed: the distinct values of its key columns, or (no `keys`) possibly any row. */
export interface DataChange {
  table: string;
  keys?: Record<string, readonly (number | string)[]>;
}

type ChangeListener = (change: DataChange) => void;

interface Feed {
  listeners: Set<ChangeListener>;
  /** False while a server's listening connection is down: changes may be missed, so caches stand aside. */
  isConnected: boolean;
}

// The boot script and the built server are two module graphs in one process:
// the feed lives on globalThis so the database (opened by one) reaches the caches (defined by the other).
const FEED_KEY = Symbol.for('senda.changeFeed');
const feed: Feed = ((globalThis as typeof globalThis & { [FEED_KEY]?: Feed })[FEED_KEY] ??= { listeners: new Set(), isConnected: true });

/** Calls `listener` with every change; answers the function that stops it. */
export function onDataChange(listener: ChangeListener): () => void {
  feed.listeners.add(listener);
  return () => feed.listeners.delete(listener);
}

function parseChange(payload: string): DataChange | null {
  try {
    const parsed = JSON.parse(payload) as DataChange;
    return typeof parsed.table === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Hands one notification payload to every listener; one it cannot read counts as "everything changed". */
export function announceDataChange(payload: string): void {
  const change = parseChange(payload) ?? { table: '*' };
  for (const listener of feed.listeners) listener(change);
}

/** Marks the feed up or down; either way anything may have changed unheard, so every cache is emptied. */
export function setChangeFeedConnected(isConnected: boolean): void {
  if (feed.isConnected === isConnected) return;
  feed.isConnected = isConnected;
  announceDataChange(JSON.stringify({ table: '*' }));
}

/** Whether changes are being heard (caches keep nothing while they are not). */
export function isChangeFeedConnected(): boolean {
  return feed.isConnected;
}
