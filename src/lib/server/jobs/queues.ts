/**
 * Every queue of background work, with its retries and its handler. A job
 * that keeps failing ends in `<queue>.failed` (the dead-letter queue),
 * where `npm run senda -- jobs` shows it.
 */
import { purgeExpiredSessions } from '~/lib/server/services/auth/purge-expired-sessions';

export interface JobQueue {
  name: string;
  /** Attempts after the first, spaced by retryDelayS doubling each time. */
  retryLimit: number;
  retryDelayS: number;
  pollingIntervalS?: number;
  /** Runs on this schedule (cron, Bogotá time) besides any job sent to it. */
  cron?: string;
  handle(data: Record<string, unknown>): Promise<void>;
}

export const JOB_QUEUES: readonly JobQueue[] = [
  {
    name: 'sessions.purge-expired',
    retryLimit: 3,
    retryDelayS: 60,
    cron: '17 * * * *',
    handle: async () => void (await purgeExpiredSessions()),
  },
];
