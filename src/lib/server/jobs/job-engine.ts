/**
 * Background work runs on pg-boss, a job queue inside PostgreSQL (its own
 * `pgboss` schema), over PGlite and PostgreSQL alike: retries with backoff,
 * a dead-letter queue per queue, cron schedules, and safe with several app
 * servers (jobs are taken with SKIP LOCKED). Queues and their handlers are
 * declared by each domain (services/job-queues.ts collects them) and handed
 * to startJobEngine, so this folder imports no service. Every app server runs
 * the workers unless SENDA_JOB_WORKERS=false (then `npm run worker` runs
 * them on their own).
 */
import pLimit from 'p-limit';
import PgBoss from 'pg-boss';
import type { Database } from '~/lib/server/db/client';
import { isDatabaseUnavailable } from '~/lib/server/db/connection-errors';
import { log } from '~/lib/server/log';
import type { JobQueue } from './job-queue';
import { BOGOTA_TIME_ZONE } from '~/lib/shared/format';

export const JOBS_SCHEMA = 'pgboss';

/** pg-boss speaks SQL through the app's own connections: the pool, or the one PGlite. */
function adapterOf(driver: Database['driver']): PgBoss.Db {
  if (driver.kind === 'postgres') return { executeSql: (text, values) => driver.pool.query(text, values) };
  return {
    async executeSql(text, values = []) {
      // pg-boss sends its schema migrations as several statements without parameters.
      if (values.length === 0) return { rows: (await driver.client.exec(text)).at(-1)?.rows ?? [] };
      return driver.client.query(text, values);
    },
  };
}

/** When a job may run, and an id (a UUID) that makes sending it twice queue it once. */
export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
  id?: string;
}

export interface JobEngine {
  /** Queues a job (optionally not before `startAfter`; with `id`, a job of that id already queued is not queued again); answers its id. */
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs of one queue in one statement (an import's invitations). */
  sendMany(queue: string, data: readonly object[]): Promise<void>;
  stop(): Promise<void>;
}

const deadLetterOf = (queue: JobQueue) => `${queue.name}.failed`;

async function declareQueues(boss: PgBoss, queues: readonly JobQueue[]): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const queue of queues) {
    if (!existing.has(deadLetterOf(queue))) await boss.createQueue(deadLetterOf(queue));
    const settings = { name: queue.name, retryLimit: queue.retryLimit, retryDelay: queue.retryDelayS, retryBackoff: true, deadLetter: deadLetterOf(queue) };
    if (existing.has(queue.name)) await boss.updateQueue(queue.name, settings);
    else await boss.createQueue(queue.name, settings);
  }
}

/** pg-boss fails every job of a batch when its handler throws: each job of a batch is settled on its own instead. */
async function handleBatch(boss: PgBoss, queue: JobQueue, jobs: PgBoss.Job<unknown>[]): Promise<void> {
  if (jobs.length === 1) return queue.handle(jobs[0]!.data as never);
  const limit = pLimit(queue.concurrency ?? 1);
  await Promise.all(
    jobs.map((job) =>
      limit(async () => {
        try {
          await queue.handle(job.data as never);
        } catch (error) {
          const failure = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
          // Failed here, the job is no longer active, so the batch's completion leaves it alone.
          await boss.fail(queue.name, job.id, failure);
        }
      }),
    ),
  );
}

async function startWorkers(boss: PgBoss, queues: readonly JobQueue[]): Promise<void> {
  for (const queue of queues) {
    await boss.work(queue.name, { pollingIntervalSeconds: queue.pollingIntervalS ?? 2, batchSize: queue.batchSize ?? 1 }, (jobs) => handleBatch(boss, queue, jobs));
    if (queue.cron) await boss.schedule(queue.name, queue.cron, {}, { tz: BOGOTA_TIME_ZONE });
  }
  // A schedule no queue declares any more (a retired sweep) would keep queuing jobs nobody works.
  const scheduled = new Set(queues.filter((queue) => queue.cron).map((queue) => queue.name));
  for (const schedule of await boss.getSchedules()) if (!scheduled.has(schedule.name)) await boss.unschedule(schedule.name);
}

/** Starts pg-boss on the app's database (creating its schema the first time), with the workers when `runWorkers`. */
export async function startJobEngine(database: Database, options: { runWorkers: boolean; queues: readonly JobQueue[] }): Promise<JobEngine> {
  const { queues } = options;
  const boss = new PgBoss({ db: adapterOf(database.driver), schema: JOBS_SCHEMA, schedule: options.runWorkers, supervise: options.runWorkers });
  // pg-boss shares the app's pool: while the database is away (a restart) its polls fail and it polls again; that is a warning, not a bug.
  boss.on('error', (error) => (isDatabaseUnavailable(error) ? log.warn({ err: error, event: 'job_engine_database_unavailable' }, 'job engine: the database is unavailable') : log.error({ err: error, event: 'job_engine_error' }, 'job engine error')));
  await boss.start();
  await declareQueues(boss, queues);
  if (options.runWorkers) await startWorkers(boss, queues);
  const engine: JobEngine = {
    send: (queue, data, sendOptions = {}) => boss.send(queue, data, sendOptions),
    sendMany: (queue, data) => boss.insert(data.map((item) => ({ name: queue, data: item }))),
    async stop() {
      setJobEngine(undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  setJobEngine(engine);
  return engine;
}

// The boot script and the built server are two module graphs in one process: the engine lives on globalThis.
const ENGINE_KEY = Symbol.for('senda.jobEngine');
type GlobalWithEngine = typeof globalThis & { [ENGINE_KEY]?: JobEngine };

function setJobEngine(engine: JobEngine | undefined): void {
  (globalThis as GlobalWithEngine)[ENGINE_KEY] = engine;
}

/** Queues many jobs of one queue on the running engine. */
export async function enqueueJobs(queue: string, data: readonly object[]): Promise<void> {
  const engine = (globalThis as GlobalWithEngine)[ENGINE_KEY];
  if (!engine) throw new Error('the job engine is not running');
  if (data.length > 0) await engine.sendMany(queue, data);
}

/** Queues a job on the running engine (services call this; the engine starts with the app). */
export async function enqueueJob(queue: string, data: object, options?: SendOptions): Promise<string | null> {
  const engine = (globalThis as GlobalWithEngine)[ENGINE_KEY];
  if (!engine) throw new Error('the job engine is not running');
  return engine.send(queue, data, options);
}

/** Whether this process runs the job engine (the app server does; tests and the CLI may not). */
export function isJobEngineRunning(): boolean {
  return Boolean((globalThis as GlobalWithEngine)[ENGINE_KEY]);
}
