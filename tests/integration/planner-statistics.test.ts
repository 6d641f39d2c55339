/**
 * ADR 033: PGlite runs no autovacuum, so the app refreshes the planner's
 * statistics itself (the hourly `database.refresh-statistics` job, the
 * start, the bulk seeds). After the job the planner knows how many rows a
 * table holds, and a join over many students is planned as a hash join, not
 * millions of index probes. On PostgreSQL the job leaves it to autovacuum.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';
import { refreshEmbeddedStatistics } from '~/lib/server/db/refresh-statistics';
import { JOB_QUEUES } from '~/lib/server/services/job-queues';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';

const estimatedUsers = async () => {
  const { db } = await getDatabase();
  const [row] = rowsOf<{ reltuples: number }>(await db.execute(sql`select reltuples::float8 as reltuples from pg_class where relname = 'users'`));
  return Number(row!.reltuples);
};

describe('the planner statistics job', () => {
  it('is scheduled every hour and, on PGlite, teaches the planner how many rows a table holds', async () => {
    const queue = JOB_QUEUES.find((item) => item.name === 'database.refresh-statistics')!;
    expect(queue.cron).toBe('41 * * * *');
    const database = await getDatabase();
    await database.db.insert(users).values(Array.from({ length: 300 }, (_, index) => ({ email: `estadistica-${index}@senda.test`, firstName: 'Ana', lastName: `Prueba ${index}` })));
    const [{ total }] = rowsOf<{ total: number }>(await database.db.execute(sql`select count(*)::int as total from users`)) as [{ total: number }];
    const before = await estimatedUsers();
    await queue.handle({});
    if (database.kind === 'pglite') {
      expect(before).not.toBe(total);
      expect(await estimatedUsers()).toBe(total);
    } else {
      // PostgreSQL: autovacuum's job (which may run at any moment, so its estimate is not compared); ours does nothing.
      expect(await refreshEmbeddedStatistics(database)).toBe(false);
    }
  });
});
