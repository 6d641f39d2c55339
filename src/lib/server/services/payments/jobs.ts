/** The payments' background work. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { RECONCILE_QUEUE, reconcilePendingPayments } from './reconcile-payments';

export const paymentJobs: readonly JobQueue[] = [
  {
    // Pending payments looked up at their provider, so a lost notification never leaves a paid person out.
    name: RECONCILE_QUEUE,
    retryLimit: 1,
    retryDelayS: 60,
    cron: '*/5 * * * *',
    handle: async () => void (await reconcilePendingPayments()),
  },
];
