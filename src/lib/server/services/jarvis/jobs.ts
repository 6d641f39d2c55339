/** The study assistant's background work. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { purgeOldJarvisRecords } from './jarvis-logs';

export const jarvisJobs: readonly JobQueue[] = [
  {
    // The audit log after 90 days, its cached model answers after 30 (jarvis-logs.ts).
    name: 'jarvis.purge-logs',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '53 3 * * *',
    handle: async () => void (await purgeOldJarvisRecords()),
  },
];
