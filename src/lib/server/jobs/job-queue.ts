/**
 * A queue of background work, as a domain declares it (services/<domain>/jobs.ts);
 * services/job-queues.ts collects them and the app hands them to the job
 * engine at start. A job that keeps failing ends in `<queue>.failed` (the
 * dead-letter queue), where `npm run senda -- jobs` shows it.
 */
export interface JobQueue {
  name: string;
  /** Attempts after the first, spaced by retryDelayS doubling each time. */
  retryLimit: number;
  retryDelayS: number;
  pollingIntervalS?: number;
  /** Jobs taken at once (each still succeeds or fails on its own). */
  batchSize?: number;
  /** Jobs of a batch worked at the same time (default 1: one after the other). */
  concurrency?: number;
  /** Runs on this schedule (cron, Bogotá time) besides any job sent to it. */
  cron?: string;
  handle(data: Record<string, unknown>): Promise<void>;
}
