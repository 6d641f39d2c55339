/** The sign-in domain's background work. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { purgeExpiredSessions } from './purge-expired-sessions';

export const authJobs: readonly JobQueue[] = [
  {
    name: 'sessions.purge-expired',
    retryLimit: 3,
    retryDelayS: 60,
    cron: '17 * * * *',
    handle: async () => void (await purgeExpiredSessions()),
  },
];
