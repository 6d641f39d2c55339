/**
 * Every queue of background work, with its retries and its handler. A job
 * that keeps failing ends in `<queue>.failed` (the dead-letter queue),
 * where `npm run senda -- jobs` shows it.
 */
import { purgeExpiredSessions } from '~/lib/server/services/auth/purge-expired-sessions';
import { closeAllOverdueAttempts } from '~/lib/server/services/quizzes/close-attempts';
import { CLOSE_OVERDUE_QUEUE } from '~/lib/server/services/quizzes/deadline-jobs';

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
  {
    // Quiz attempts past their deadline: a job per quiz and deadline slot (queued at the start), and a sweep every minute.
    name: CLOSE_OVERDUE_QUEUE,
    retryLimit: 5,
    retryDelayS: 5,
    cron: '* * * * *',
    handle: async (data) => void (await closeAllOverdueAttempts(typeof data.quizId === 'number' ? data.quizId : undefined)),
  },
];
