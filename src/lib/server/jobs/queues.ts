/**
 * Every queue of background work, with its retries and its handler. A job
 * that keeps failing ends in `<queue>.failed` (the dead-letter queue),
 * where `npm run senda -- jobs` shows it.
 */
import { purgeExpiredSessions } from '~/lib/server/services/auth/purge-expired-sessions';
import { closeAllOverdueAttempts } from '~/lib/server/services/quizzes/close-attempts';
import { CLOSE_OVERDUE_QUEUE } from '~/lib/server/services/quizzes/deadline-jobs';
import { sweepMail } from '~/lib/server/services/mail/queue-mail';
import { SWEEP_FILE_EXPORTS_QUEUE, sweepFileExports } from '~/lib/server/services/file-exports/sweep-file-exports';
import { purgeForumEvents } from '~/lib/server/services/forums/forum-events';
import { mailClosedPosts, sendForumDigests } from '~/lib/server/services/forums/post-mail';
import { CRM_DELIVER_QUEUE, deliverToCrm, sweepCrmDeliveries } from '~/lib/server/services/crm/crm-deliveries';
import { RECONCILE_QUEUE, reconcilePendingPayments } from '~/lib/server/services/payments/reconcile-payments';
import { purgeOldJarvisRecords } from '~/lib/server/services/jarvis/jarvis-logs';
import { purgeUnverifiedSignUps } from '~/lib/server/services/registrations/verify-sign-up';
import { BUILD_REPORT_QUEUE, BUILD_ZIP_QUEUE, MAIL_SEND_QUEUE } from './queue-names';

export interface JobQueue {
  name: string;
  /** Attempts after the first, spaced by retryDelayS doubling each time. */
  retryLimit: number;
  retryDelayS: number;
  pollingIntervalS?: number;
  /** Jobs taken at once (each still succeeds or fails on its own). */
  batchSize?: number;
  /** Jobs of a batch worked at the same time (default 1: one after the other). */
  concurrency?: number;
  /** Runs on this schedule (cron, Bogotá time) besides any job sent to it. */
  cron?: string;
  handle(data: Record<string, unknown>): Promise<void>;
}

export const JOB_QUEUES: readonly JobQueue[] = [
  {
    name: 'sessions.purge-expired',
    retryLimit: 3,
    retryDelayS: 60,
    cron: '17 * * * *',
    handle: async () => void (await purgeExpiredSessions()),
  },
  {
    // Quiz attempts past their deadline: a job per quiz and deadline slot (queued at the start), and a sweep every minute.
    name: CLOSE_OVERDUE_QUEUE,
    retryLimit: 5,
    retryDelayS: 5,
    cron: '* * * * *',
    handle: async (data) => void (await closeAllOverdueAttempts(typeof data.quizId === 'number' ? data.quizId : undefined)),
  },
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
      const { deliverMail } = await import('~/lib/server/services/mail/deliver-mail');
      await deliverMail(Number(data.messageId));
    },
  },
  {
    // A zip of submissions too large to stream: built into private storage with its progress (a failure is
    // recorded on the export, which the tutor sees, rather than retried).
    name: BUILD_ZIP_QUEUE,
    retryLimit: 0,
    retryDelayS: 30,
    pollingIntervalS: 1,
    handle: async (data) => {
      const { buildZipExport } = await import('~/lib/server/services/assignments/submission-zip');
      await buildZipExport(Number(data.exportId));
    },
  },
  {
    // A report too large for one request (ADR 017): built into private storage with its progress; a failure is
    // recorded on the export, which its requester sees, rather than retried.
    name: BUILD_REPORT_QUEUE,
    retryLimit: 0,
    retryDelayS: 30,
    pollingIntervalS: 1,
    handle: async (data) => {
      const { buildReportExport } = await import('~/lib/server/services/reports/report-exports');
      await buildReportExport(Number(data.exportId));
    },
  },
  {
    // Zips and reports built by the job engine are kept for a day (services/file-exports/).
    name: SWEEP_FILE_EXPORTS_QUEUE,
    retryLimit: 1,
    retryDelayS: 60,
    cron: '23 * * * *',
    handle: async () => void (await sweepFileExports()),
  },
  {
    name: 'mail.sweep',
    retryLimit: 1,
    retryDelayS: 60,
    cron: '*/5 * * * *',
    handle: async () => void (await sweepMail()),
  },
  {
    // Forum posts whose 30-minute edit window closed go to their "instant" followers (ADR 014).
    name: 'forums.mail-posts',
    retryLimit: 3,
    retryDelayS: 30,
    cron: '* * * * *',
    handle: async () => void (await mailClosedPosts()),
  },
  {
    name: 'forums.digest-daily',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '0 7 * * *',
    handle: async () => void (await sendForumDigests('daily')),
  },
  {
    name: 'forums.digest-weekly',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '0 7 * * 1',
    handle: async () => void (await sendForumDigests('weekly')),
  },
  {
    // Live events older than a day: a reader away that long reloads the page.
    name: 'forums.purge-events',
    retryLimit: 3,
    retryDelayS: 60,
    cron: '41 * * * *',
    handle: async () => void (await purgeForumEvents()),
  },
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
  {
    // Pending payments looked up at their provider, so a lost notification never leaves a paid person out.
    name: RECONCILE_QUEUE,
    retryLimit: 1,
    retryDelayS: 60,
    cron: '*/5 * * * *',
    handle: async () => void (await reconcilePendingPayments()),
  },
  {
    // Sign-ups never verified, once their link has expired (services/registrations/verify-sign-up.ts).
    name: 'registrations.purge-unverified',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '37 * * * *',
    handle: async () => void (await purgeUnverifiedSignUps()),
  },
  {
    // The study assistant's audit log after 90 days, its cached model answers after 30 (services/jarvis/jarvis-logs.ts).
    name: 'jarvis.purge-logs',
    retryLimit: 3,
    retryDelayS: 300,
    cron: '53 3 * * *',
    handle: async () => void (await purgeOldJarvisRecords()),
  },
];
