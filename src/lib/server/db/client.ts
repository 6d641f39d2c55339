import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from './schema';
import { announceOwnChanges, listenOnPglite, listenOnPostgres } from './listen-for-changes';
import { createPostgresPool } from './postgres-pool';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Where the data lives: a directory, 'memory', or the server URL without password. */
  location: string;
  /** The driver underneath, for what speaks SQL itself (the job queue). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… — use a real PostgreSQL server. */
  url?: string;
  /** PGlite data directory; 'memory' keeps everything in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Hear the database's change notifications (cache/change-feed.ts); on by default. */
  listen?: boolean;
  /** PGlite in memory: start from this dump of a data directory (`dumpDataDir`) instead of an empty database (the tests' migrated one). */
  snapshot?: Blob;
}

/**
 * The embedded PostgreSQL lives in the app server's memory (WebAssembly
 * memory never shrinks), so it gets a small buffer pool: the data files are
 * read through Node, whose reads the operating system caches anyway, and the
 * hot data is in the app's own caches. Stock PostgreSQL's 128 MB pool made the
 * server's memory ~120 MB larger (docs/benchmarks.md, memory).
 */
const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/** Opens a database: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const listen = options.listen ?? true;
  if (options.url) {
    const ownChanges = listen ? announceOwnChanges() : null;
    const pool = createPostgresPool({ url: options.url, max: options.poolSize ?? 10, onConnect: ownChanges?.onConnect });
    await pool.query('select 1');
    const stopListening = ownChanges ? await listenOnPostgres(options.url, ownChanges.own) : async () => undefined;
    const location = options.url.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@');
    const close = async () => {
      await stopListening();
      await pool.end();
    };
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', location, driver: { kind: 'postgres', pool }, close };
  }
  const dataDir = options.dataDir ?? 'memory';
  let client: PGlite;
  if (dataDir === 'memory') {
    client = await PGlite.create(options.snapshot ? { ...PGLITE_OPTIONS, loadDataDir: options.snapshot } : PGLITE_OPTIONS);
  } else {
    const path = resolve(dataDir);
    mkdirSync(path, { recursive: true });
    client = await PGlite.create(path, PGLITE_OPTIONS);
  }
  if (listen) await listenOnPglite(client);
  return { db: drizzlePglite(client, { schema }) as unknown as Db, kind: 'pglite', location: dataDir, driver: { kind: 'pglite', client }, close: () => client.close() };
}

// The boot script and the built server are two module graphs in one process;
// the database lives on globalThis so both share one PGlite instance.
const GLOBAL_KEY = Symbol.for('senda.database');
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Database> };

/** Installs the process-wide database (boot script, tests). */
export function setDatabase(database: Promise<Database> | Database): void {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = Promise.resolve(database);
}

/** The process-wide database, opened from the environment on first use. */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as GlobalWithDb;
  holder[GLOBAL_KEY] ??= openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: resolve(process.env.SENDA_DATA_DIR ?? './data', 'pglite'),
  });
  return holder[GLOBAL_KEY];
}

/** Shorthand for services: the Drizzle handle of the process-wide database. */
export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Closes and forgets the process-wide database. */
export async function closeDatabase(): Promise<void> {
  const holder = globalThis as GlobalWithDb;
  const current = holder[GLOBAL_KEY];
  delete holder[GLOBAL_KEY];
  if (current) await (await current).close();
}
