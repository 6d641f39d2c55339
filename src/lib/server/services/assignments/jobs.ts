/** The assignments' background work. */
import { BUILD_ZIP_QUEUE } from '~/lib/server/jobs/queue-names';
import type { JobQueue } from '~/lib/server/jobs/job-queue';

export const assignmentJobs: readonly JobQueue[] = [
  {
    // A zip of submissions too large to stream: built into private storage with its progress (a failure is
    // recorded on the export, which the tutor sees, rather than retried). The zip library loads with the first job (ADR 015).
    name: BUILD_ZIP_QUEUE,
    retryLimit: 0,
    retryDelayS: 30,
    pollingIntervalS: 1,
    handle: async (data) => {
      const { buildZipExport } = await import('./submission-zip');
      await buildZipExport(Number(data.exportId));
    },
  },
];
