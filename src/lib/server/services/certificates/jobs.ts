/** The certificates' background work: an admin's bulk issue and the automatic issue. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { ISSUE_CERTIFICATES_QUEUE } from '~/lib/server/jobs/queue-names';

export const certificateJobs: readonly JobQueue[] = [
  {
    // A failure is recorded on the run, which the admin sees, rather than retried.
    name: ISSUE_CERTIFICATES_QUEUE,
    retryLimit: 0,
    retryDelayS: 30,
    pollingIntervalS: 1,
    handle: async (data) => {
      const { workBulkIssueRun } = await import('./bulk-issue');
      await workBulkIssueRun(Number(data.runId));
    },
  },
  {
    name: 'certificates.auto-issue',
    retryLimit: 1,
    retryDelayS: 60,
    cron: '*/15 * * * *',
    handle: async () => {
      const { issueAutomatically } = await import('./bulk-issue');
      await issueAutomatically();
    },
  },
];
