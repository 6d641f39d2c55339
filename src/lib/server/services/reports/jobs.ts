/** The reports' background work. */
import { BUILD_REPORT_QUEUE } from '~/lib/server/jobs/queue-names';
import type { JobQueue } from '~/lib/server/jobs/job-queue';

export const reportJobs: readonly JobQueue[] = [
  {
    // A report too large for one request (ADR 017): built into private storage with its progress; a failure is
    // recorded on the export, which its requester sees, rather than retried. exceljs loads with the first job (ADR 015).
    name: BUILD_REPORT_QUEUE,
    retryLimit: 0,
    retryDelayS: 30,
    pollingIntervalS: 1,
    handle: async (data) => {
      const { buildReportExport } = await import('./report-exports');
      await buildReportExport(Number(data.exportId));
    },
  },
];
