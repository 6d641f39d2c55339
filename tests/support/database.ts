import { sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { resetConfig } from '~/lib/server/config';
import { closeDatabase, getDatabase, getDb, openDatabase, setDatabase, type Database, type Db } from '~/lib/server/db/client';
import { clearAllCaches } from '~/lib/server/cache/define-cache';
import { isChangeFeedConnected, setChangeFeedConnected } from '~/lib/server/cache/change-feed';
import { withDatabase } from './migrated-database';

/**
 * Integration tests run on PGlite in memory, or on the PostgreSQL server named
 * by TEST_DATABASE_URL (CI). Each file starts from the database the global
 * setup migrated once (migrated-database.ts): PGlite loads its dump;
 * on PostgreSQL each vitest worker clones the template into a database of its
 * own. Every table is emptied before each test, unless the file keeps its
 * data (keepDataBetweenTests) and rolls each test back instead (runRolledBack).
 */

// On globalThis: vitest runs this setup file afresh for each test file, while the modules that call keepDataBetweenTests may be shared.
const KEEP_DATA = Symbol.for('senda.tests.keepData');
type WithKeepData = typeof globalThis & { [KEEP_DATA]?: boolean };
const keepsData = () => (globalThis as WithKeepData)[KEEP_DATA] === true;

/** For a file that builds its data once (beforeAll) and runs each test in runRolledBack: the tables are not emptied between its tests. */
export function keepDataBetweenTests(): void {
  (globalThis as WithKeepData)[KEEP_DATA] = true;
}

/** The name of this worker's own database on the PostgreSQL server. */
const workerDatabaseName = () => `${inject('templateDatabase')!.replace(/_template$/, '')}_w${process.env.VITEST_POOL_ID ?? '1'}`;

/** The URL of the PostgreSQL database this test file runs on (null on PGlite): a NOTIFY on it reaches the app's own listener. */
export function testDatabaseUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL;
  return url ? withDatabase(url, workerDatabaseName()) : null;
}

/** This worker's own database on the PostgreSQL server, cloned from the migrated template the first time. */
async function openWorkerDatabase(url: string): Promise<Database> {
  const name = workerDatabaseName();
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name}" template "${inject('templateDatabase')}"`);
  } finally {
    await admin.end();
  }
  return openDatabase({ url: withDatabase(url, name), poolSize: 4 });
}

async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openWorkerDatabase(url);
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot')!)]);
  return openDatabase({ dataDir: 'memory', snapshot });
}

let emptyingStatement: string | null = null;

/**
 * Empties every table and restarts every id sequence. Not TRUNCATE: it gives
 * each table new files (over a hundred file operations per test on PGlite,
 * ~150 ms); deleting the few rows a test wrote, with triggers (foreign keys,
 * change notifications) off for the statement, takes a few milliseconds.
 */
async function emptyEveryTable(): Promise<void> {
  const db = await getDb();
  if (!emptyingStatement) {
    const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] } | { tablename: string }[];
    const tables = (Array.isArray(result) ? result : result.rows).map((row) => `delete from "${row.tablename}";`).join(' ');
    emptyingStatement = `set session_replication_role = replica; ${tables} set session_replication_role = origin;
      select setval(c.oid, 1, false) from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = 'public';`;
  }
  // Several statements at once: the drivers' simple query protocol.
  const { driver } = await getDatabase();
  if (driver.kind === 'pglite') await driver.client.exec(emptyingStatement);
  else await driver.pool.query(emptyingStatement);
}

/**
 * Runs `work` inside a transaction rolled back afterwards: meanwhile every
 * service's getDb() answers that transaction (their own transactions become
 * savepoints), so the database ends as it began. The change feed hears
 * nothing until a transaction commits, so the caches stand aside meanwhile
 * (as while a server's feed is down) and forget what they read after.
 */
export async function runRolledBack<T>(work: () => Promise<T>): Promise<T> {
  const database = await getDatabase();
  const outer = database.db;
  const wasConnected = isChangeFeedConnected();
  setChangeFeedConnected(false);
  let outcome = { error: new Error('the rolled-back work did not run') } as { value: T } | { error: unknown };
  try {
    await outer.transaction(async (tx) => {
      database.db = tx as unknown as Db;
      try {
        outcome = { value: await work() };
      } catch (error) {
        outcome = { error };
      } finally {
        database.db = outer;
      }
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  } finally {
    setChangeFeedConnected(wasConnected);
    clearAllCaches();
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

beforeAll(async () => {
  setDatabase(await openTestDatabase());
  // What an earlier file of this worker cached (its ids are this file's ids too) is not this database's.
  clearAllCaches();
  resetConfig();
  if (!keepsData()) return;
  // A file that keeps its data starts from empty tables too.
  await emptyEveryTable();
});

beforeEach(async () => {
  if (!keepsData()) await emptyEveryTable();
  clearAllCaches();
  resetConfig();
});

afterAll(async () => {
  await closeDatabase();
  (globalThis as WithKeepData)[KEEP_DATA] = false;
});
