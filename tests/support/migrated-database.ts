/**
 * The integration suite's global setup (vitest `globalSetup`, once per run,
 * before any test file): migrates one database that every test file starts
 * from, instead of each file booting and migrating its own (~5 s each).
 * - PGlite: a migrated data directory, dumped to a file kept between runs
 *   (keyed by the migrations and PGlite's version); each file loads it in
 *   under a second (tests/support/database.ts).
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database; each
 *   vitest worker clones its own from it, so files run in parallel.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '~/lib/server/db/client';
import { migrateDatabase, MIGRATIONS_FOLDER } from '~/lib/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory's dump (a file), when the suite runs on PGlite. */
    pgliteSnapshot: string | null;
    /** The migrated template database's name, when the suite runs on PostgreSQL. */
    templateDatabase: string | null;
  }
}

const CACHE_FOLDER = resolve('node_modules', '.cache', 'senda-tests');

/** A hash of what the migrated database is made of: every migration file and PGlite's version. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(resolve('node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version as string);
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The dump of a migrated PGlite, made the first time these migrations are seen. */
async function preparePgliteSnapshot(): Promise<string> {
  const file = join(CACHE_FOLDER, `pglite-${migrationsKey()}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory', listen: false });
  await migrateDatabase(database);
  if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.driver.client.dumpDataDir('none');
  await database.close();
  mkdirSync(CACHE_FOLDER, { recursive: true });
  // Written aside then renamed: two runs at once never read half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** The server's URL with another database name. */
export const withDatabase = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/** A fresh template database migrated from TEST_DATABASE_URL's server (any earlier one of that name is replaced). */
async function preparePostgresTemplate(url: string): Promise<string> {
  const name = `${new URL(url).pathname.slice(1) || 'senda_test'}_template`;
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${name.replace(/_template$/, '')}_w%`]);
    for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: withDatabase(url, name), listen: false, poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  return name;
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  project.provide('pgliteSnapshot', url ? null : await preparePgliteSnapshot());
  project.provide('templateDatabase', url ? await preparePostgresTemplate(url) : null);
}
