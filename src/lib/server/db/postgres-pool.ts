/**
 * The app server's PostgreSQL connection pool, made to outlive the database
 * going away (a restart, a failover, a network cut: ADR 022). pg reports a
 * lost connection as an `error` event, and Node ends the process on an
 * `error` event nobody listens to; here every one has a listener. A request
 * whose query failed meanwhile is answered 503 (http/respond.ts); new
 * connections are made as soon as the server takes them again.
 */
import pg from 'pg';
import { log } from '~/lib/server/log';

/** Waiting longer than this for a connection (an unreachable host, a pool stuck full) fails the request with a 503 (the change feed's listener tries again). */
export const CONNECT_TIMEOUT_MS = 10_000;

export interface PoolOptions {
  url: string;
  max: number;
  /** Awaited on each new connection before it is used (pg-pool's `onConnect`; its types do not list it yet). */
  onConnect?: (client: pg.PoolClient) => Promise<void>;
}

/**
 * Drizzle gives a transaction's connection back only once its `begin`
 * succeeded: a connection that died under `begin` would keep its place in
 * the pool for good (after `max` of them, every query waits). A connection
 * handed out by `connect()` goes back (and pg-pool discards it) as soon as it
 * fails; its holder's own release afterwards does nothing.
 */
function releaseOnFailure(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let isReleased = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (isReleased) return;
    isReleased = true;
    client.off('error', releaseOnce);
    release(error);
  };
  client.on('error', releaseOnce);
  client.release = releaseOnce;
  return client;
}

/** Opens a pool whose connection failures reach the queries that used them, never the process (see the module comment). */
export function createPostgresPool({ url, max, onConnect }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without a word (a network cut) is found dead instead of waiting for ever.
    keepAlive: true,
    ...(onConnect ? { onConnect } : {}),
  } as pg.PoolConfig);
  // An idle connection the server dropped: pg-pool has already discarded it.
  pool.on('error', (error) => log.warn({ err: error, event: 'database_connection_lost' }, 'the database dropped an idle connection'));
  // A connection in use that fails: the query using it has already failed with the error; this only keeps Node from ending the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // pg-pool's own query() calls connect() with a callback and releases on failure itself; promise callers (Drizzle) get the guard.
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => (callback ? connect(callback) : connect().then(releaseOnFailure))) as typeof pool.connect;
  return pool;
}
