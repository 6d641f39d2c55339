import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetConfig } from '~/lib/server/config';
import { closeDatabase, getDb, openDatabase, setDatabase } from '~/lib/server/db/client';
import { migrateDatabase } from '~/lib/server/db/migrate';
import { clearAllCaches } from '~/lib/server/cache/define-cache';

/**
 * Integration tests run on PGlite in memory, or on the PostgreSQL server named
 * by TEST_DATABASE_URL (CI). Migrated once per file, emptied before each test.
 */
beforeAll(async () => {
  const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: 'memory', poolSize: 4 });
  setDatabase(database);
  await migrateDatabase(database);
});

beforeEach(async () => {
  const db = await getDb();
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as
    | { rows: { tablename: string }[] }
    | { tablename: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  const tables = rows.map((row) => `"${row.tablename}"`).join(', ');
  if (tables) await db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
  clearAllCaches();
  resetConfig();
});

afterAll(async () => {
  await closeDatabase();
});
