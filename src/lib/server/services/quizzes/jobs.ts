/** The quizzes' background work. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { closeAllOverdueAttempts } from './close-attempts';
import { CLOSE_OVERDUE_QUEUE } from './deadline-jobs';

export const quizJobs: readonly JobQueue[] = [
  {
    // Quiz attempts past their deadline: a job per quiz and deadline slot (queued at the start), and a sweep every minute.
    name: CLOSE_OVERDUE_QUEUE,
    retryLimit: 5,
    retryDelayS: 5,
    cron: '* * * * *',
    handle: async (data) => void (await closeAllOverdueAttempts(typeof data.quizId === 'number' ? data.quizId : undefined)),
  },
];
