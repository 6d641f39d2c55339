/** The CRM's background work: each registration delivered by a job, and a sweep for deliveries whose job was lost. */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { CRM_DELIVER_QUEUE, deliverToCrm, sweepCrmDeliveries } from './crm-deliveries';

export const crmJobs: readonly JobQueue[] = [
  {
    // One registration to the CRM per job, up to 20 at a time and 4 at once (HubSpot takes ~50 per 10 s). A 429,
    // a 5xx or a timeout retries after 30 s, 1, 2, 4 min… (12 retries, ~2.5 days in all); a refusal is recorded as failed.
    name: CRM_DELIVER_QUEUE,
    retryLimit: 12,
    retryDelayS: 30,
    pollingIntervalS: 2,
    batchSize: 20,
    concurrency: 4,
    handle: async (data) => void (await deliverToCrm(Number(data.deliveryId))),
  },
  {
    // CRM deliveries whose job was lost (the job engine was unreachable when they were written, or a server died mid-send).
    name: 'crm.sweep',
    retryLimit: 1,
    retryDelayS: 60,
    cron: '*/10 * * * *',
    handle: async () => void (await sweepCrmDeliveries()),
  },
];
