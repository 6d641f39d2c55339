/**
 * The query planner's statistics (ADR 033). PostgreSQL's autovacuum keeps
 * them current; the embedded PGlite runs no autovacuum, so a table filled
 * after its last ANALYZE is planned as if it were nearly empty, and a join
 * over thousands of students turns into millions of index probes (the
 * funder report took 20 minutes instead of seconds). Bulk loads (the demo
 * and scale seeds) refresh them when they finish; on PGlite the app also
 * refreshes them at start and every hour (services/database/jobs.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client';

/** ANALYZE every table (a sample of each: about a second for 20,000 students). */
export async function refreshStatistics(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze`);
}

/** `refreshStatistics` where nothing else keeps them: on PGlite; PostgreSQL's autovacuum does it there. */
export async function refreshEmbeddedStatistics(database: Database): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await refreshStatistics(database.db);
  return true;
}
