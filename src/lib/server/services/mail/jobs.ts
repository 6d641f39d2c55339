/** Mail's background work: each message sent by a job, and a sweep for messages whose job was lost. */
import { MAIL_SEND_QUEUE } from '~/lib/server/jobs/queue-names';
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { sweepMail } from './queue-mail';

export const mailJobs: readonly JobQueue[] = [
  {
    // One message per job, up to 50 at a time and 4 at once (an import's invitations go out at tens per second);
    // an SMTP failure retries after 30 s, 1, 2, 4 and 8 min.
    name: MAIL_SEND_QUEUE,
    retryLimit: 5,
    retryDelayS: 30,
    pollingIntervalS: 1,
    batchSize: 50,
    concurrency: 4,
    // Its handler, like the zip's and the report's, loads a heavy library (nodemailer): imported with the first job (ADR 015).
    handle: async (data) => {
      const { deliverMail } = await import('./deliver-mail');
      await deliverMail(Number(data.messageId));
    },
  },
  {
    name: 'mail.sweep',
    retryLimit: 1,
    retryDelayS: 60,
    cron: '*/5 * * * *',
    handle: async () => void (await sweepMail()),
  },
];
