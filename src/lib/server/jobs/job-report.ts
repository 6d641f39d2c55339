import { sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { JOBS_SCHEMA } from './job-engine';

export interface QueueReport {
  name: string;
  /** Jobs by state (pg-boss's: created, retry, active, completed, cancelled, failed), archived ones included. */
  counts: Record<string, number>;
}

export interface FailedJob {
  queue: string;
  id: string;
  failedAt: string;
  message: string;
}

export interface JobReport {
  queues: QueueReport[];
  /** The latest failures (after their last retry), newest first. */
  failures: FailedJob[];
}

const FAILURES_SHOWN = 10;
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every queue with its jobs by state, and the latest failures; empty before the job engine first started. */
export async function getJobReport(): Promise<JobReport> {
  const db = await getDb();
  const schema = sql.raw(JOBS_SCHEMA);
  const installed = rowsOf<{ found: boolean }>(await db.execute(sql`select to_regclass(${`${JOBS_SCHEMA}.queue`}) is not null as found`))[0]?.found;
  if (!installed) return { queues: [], failures: [] };
  const queues = rowsOf<{ name: string }>(await db.execute(sql`select name from ${schema}.queue where name not like '\\_\\_pgboss%' order by name`));
  const counts = rowsOf<{ name: string; state: string; total: number }>(
    await db.execute(sql`select name, state::text as state, count(*)::int as total
      from (select name, state from ${schema}.job union all select name, state from ${schema}.archive) jobs
      group by name, state`),
  );
  const failures = rowsOf<{ name: string; id: string; completed_on: Date | string; message: string | null }>(
    await db.execute(sql`select name, id::text, completed_on, output->>'message' as message
      from (select name, id, completed_on, output, state from ${schema}.job union all select name, id, completed_on, output, state from ${schema}.archive) jobs
      where state = 'failed' order by completed_on desc nulls last limit ${FAILURES_SHOWN}`),
  );
  return {
    queues: queues.map(({ name }) => ({
      name,
      counts: Object.fromEntries(counts.filter((row) => row.name === name).map((row) => [row.state, row.total])),
    })),
    failures: failures.map((row) => ({ queue: row.name, id: row.id, failedAt: new Date(row.completed_on).toISOString(), message: row.message ?? '' })),
  };
}
