/** The built files' background work. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { SWEEP_FILE_EXPORTS_QUEUE, sweepFileExports } from './sweep-file-exports';

export const fileExportJobs: readonly JobQueue[] = [
  {
    // Zips and reports built by the job engine are kept for a day.
    name: SWEEP_FILE_EXPORTS_QUEUE,
    retryLimit: 1,
    retryDelayS: 60,
    cron: '23 * * * *',
    handle: async () => void (await sweepFileExports()),
  },
];
