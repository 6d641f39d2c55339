/**
 * Connects the change feed (cache/change-feed.ts) to the database's
 * `senda_changes` notifications (migration 0004).
 * - PGlite delivers a notification to its listeners before the statement
 *   that caused it returns.
 * - On PostgreSQL every pool connection listens too, and announces the
 *   notifications its own transactions caused: a session receives them
 *   before its statement completes, so a server sees its own writes at once.
 *   One more connection listens for everyone else's, and reconnects when it
 *   drops, trying again until the server takes it (the feed reports it down
 *   meanwhile, so caches keep nothing; ADR 022).
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { announceDataChange, CHANGES_CHANNEL, setChangeFeedConnected } from '~/lib/server/cache/change-feed';
import { log } from '~/lib/server/log';
import { CONNECT_TIMEOUT_MS } from './postgres-pool';

/** Pauses before each attempt to listen again; the last repeats until one succeeds. A restart is back within a few seconds. */
const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

/** PGlite: every notification, at once. */
export async function listenOnPglite(client: PGlite): Promise<void> {
  await client.listen(CHANGES_CHANNEL, announceDataChange);
}

/** The backend pids of a pool's connections: their changes are announced by the connection itself, not again by the listener. */
export type OwnSessions = Set<number>;

const processIdOf = (client: pg.ClientBase) => (client as pg.ClientBase & { processID?: number }).processID;

/**
 * PostgreSQL pool: each new connection listens (pg-pool's `onConnect`, awaited
 * before the connection is used) and announces the changes of its own
 * transactions. Answers the hook and the set of those connections' pids.
 */
export function announceOwnChanges(): { onConnect(client: pg.PoolClient): Promise<void>; own: OwnSessions } {
  const own: OwnSessions = new Set();
  const onConnect = async (client: pg.PoolClient) => {
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== undefined && message.processId === processIdOf(client)) announceDataChange(message.payload);
    });
    client.on('end', () => own.delete(processIdOf(client) ?? -1));
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    own.add(processIdOf(client) ?? -1);
  };
  return { onConnect, own };
}

/** PostgreSQL: one connection that hears the other servers' changes; answers the function that stops it. */
export async function listenOnPostgres(url: string, own: OwnSessions): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;

  const reconnectLater = (error?: unknown) => {
    if (stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    if (attempt > 1) log.warn({ err: error, event: 'change_feed_reconnect_failed', retryInMs: delay }, 'could not listen to the database again yet');
    // A failed attempt schedules the next one: the loop ends only when one succeeds or the server stops.
    setTimeout(() => void connect().catch(reconnectLater), delay).unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== undefined && !own.has(message.processId)) announceDataChange(message.payload);
    });
    // Stays attached for the client's whole life: a later error on a connection given up is heard, not fatal.
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      setChangeFeedConnected(false);
      if (stopped) return;
      log.warn({ err: error, event: 'change_feed_lost' }, 'lost the database change feed; caches stand aside until it is back');
      reconnectLater(error);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      // Not awaited: closing a connection that half-opened must not hold up the next attempt.
      void next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      void next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    setChangeFeedConnected(true);
  };

  await connect();
  return async () => {
    stopped = true;
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
