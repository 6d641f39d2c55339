/** The registrations' background work. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { purgeUnverifiedSignUps } from './verify-sign-up';

export const registrationJobs: readonly JobQueue[] = [
  {
    // Sign-ups never verified, once their link has expired (verify-sign-up.ts).
    name: 'registrations.purge-unverified',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '37 * * * *',
    handle: async () => void (await purgeUnverifiedSignUps()),
  },
];
