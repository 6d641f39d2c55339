/**
 * An admin's bulk issue for a cohort, and the automatic issue: the eligible
 * students (eligibility.ts) get their certificate through issueCertificate,
 * in chunks of one transaction each, with the run's progress written after
 * each chunk (the admin screen polls it). Nothing is rendered here: a PDF is
 * drawn when someone downloads it, so 5,000 certificates are 5,000 small
 * rows and signatures (ADR 028).
 */
import { and, eq } from 'drizzle-orm';
import type { CertificateRun } from '~/lib/shared/schemas/certificates';
import { AppError } from '~/lib/shared/errors';
import { requireInCohortCertificates, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { certificateDesigns, certificateRuns, cohorts } from '~/lib/server/db/schema';
import { enqueueJob, isJobEngineRunning } from '~/lib/server/jobs/job-engine';
import { ISSUE_CERTIFICATES_QUEUE } from '~/lib/server/jobs/queue-names';
import { log } from '~/lib/server/log';
import { sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { yieldToEventLoop } from '~/lib/server/workers/yield-to-event-loop';
import { eligibleStudentsOf } from './eligibility';
import { getCohortIssueContext, issueCertificates } from './issue-certificate';
import { certificateRoleOf } from './read-certificates';
import { getSigningKey } from './signing-keys';

/** Students issued per transaction. */
const ISSUE_CHUNK = 250;

const toRun = (row: typeof certificateRuns.$inferSelect): CertificateRun => ({
  id: row.id,
  cohortId: row.cohortId,
  status: row.status,
  itemsTotal: row.itemsTotal,
  itemsDone: row.itemsDone,
  issuedCount: row.issuedCount,
  error: row.error,
});

/**
 * Starts a bulk issue (a cohort's admins, platform admins): checks the
 * design now, so the admin hears of a missing one at once (409), then queues
 * the job (when this process runs the job engine, as file exports do), which
 * counts who passed (itemsTotal stays 0 until then: the count is the whole
 * cohort's grades, seconds for thousands of students); answers the run to follow.
 */
export async function requestBulkIssue(caller: Caller, cohortId: number): Promise<CertificateRun> {
  requireInCohortCertificates(caller, await certificateRoleOf(caller, cohortId), 'issue');
  const db = await getDb();
  await getCohortIssueContext(db, cohortId);
  const [run] = await db.insert(certificateRuns).values({ cohortId, requestedBy: caller.id, itemsTotal: 0 }).returning();
  if (isJobEngineRunning()) await enqueueJob(ISSUE_CERTIFICATES_QUEUE, { runId: run!.id });
  return toRun(run!);
}

/** A run's progress, for whoever may issue in its cohort. */
export async function getBulkIssueRun(caller: Caller, cohortId: number, runId: number): Promise<CertificateRun> {
  requireInCohortCertificates(caller, await certificateRoleOf(caller, cohortId), 'issue');
  const db = await getDb();
  const [run] = await db.select().from(certificateRuns).where(and(eq(certificateRuns.id, runId), eq(certificateRuns.cohortId, cohortId)));
  if (!run) throw new AppError('not_found');
  return toRun(run);
}

/**
 * Issues to these students of a cohort, a chunk per transaction (a handful of
 * statements each, issueCertificates), the current key and the cohort's
 * design read once; answers how many certificates were new. Each chunk's
 * e-mails go to the job engine after its commit.
 */
export async function issueToStudents(cohortId: number, userIds: readonly number[], issuedBy: number | null, onChunk?: (done: number, issued: number) => Promise<void>): Promise<number> {
  const db = await getDb();
  const context = await getCohortIssueContext(db, cohortId);
  const key = await getSigningKey(db);
  let issued = 0;
  for (let start = 0; start < userIds.length; start += ISSUE_CHUNK) {
    const chunk = userIds.slice(start, start + ISSUE_CHUNK);
    const mailIds = await db.transaction(async (tx) => {
      const results = await issueCertificates(tx, { cohortId, userIds: chunk, issuedBy }, { context, key });
      issued += results.filter((result) => result.created).length;
      return results.flatMap((result) => result.mailIds);
    });
    await sendQueuedMail(mailIds);
    await onChunk?.(start + chunk.length, issued);
    await yieldToEventLoop();
  }
  return issued;
}

/** The job: works a queued run to the end, recording progress, and its failure on the run (the admin sees it) rather than retrying. */
export async function workBulkIssueRun(runId: number): Promise<void> {
  const db = await getDb();
  const [run] = await db.update(certificateRuns).set({ status: 'running' }).where(and(eq(certificateRuns.id, runId), eq(certificateRuns.status, 'queued'))).returning();
  if (!run) return;
  try {
    const eligible = await eligibleStudentsOf(db, run.cohortId);
    await db.update(certificateRuns).set({ itemsTotal: eligible.length }).where(eq(certificateRuns.id, runId));
    const issued = await issueToStudents(run.cohortId, eligible, run.requestedBy, async (done, issuedSoFar) => {
      await db.update(certificateRuns).set({ itemsDone: done, issuedCount: issuedSoFar }).where(eq(certificateRuns.id, runId));
    });
    await db.update(certificateRuns).set({ status: 'done', issuedCount: issued, itemsDone: eligible.length, finishedAt: new Date() }).where(eq(certificateRuns.id, runId));
  } catch (error) {
    const reason = error instanceof AppError ? error.code : error instanceof Error ? error.message : String(error);
    await db.update(certificateRuns).set({ status: 'failed', error: reason.slice(0, 500), finishedAt: new Date() }).where(eq(certificateRuns.id, runId));
    log.warn({ event: 'certificate_run_failed', runId, reason }, 'bulk certificate issue failed');
  }
}

/**
 * The automatic issue (every 15 minutes): each ACTIVE cohort whose program's
 * design says so gives their certificate to every student whose approval now
 * holds. Idempotent, so a student is issued once however often it runs.
 */
export async function issueAutomatically(): Promise<void> {
  const db = await getDb();
  const targets = await db
    .select({ cohortId: cohorts.id })
    .from(cohorts)
    .innerJoin(certificateDesigns, eq(certificateDesigns.programId, cohorts.programId))
    .where(and(eq(cohorts.status, 'ACTIVE'), eq(certificateDesigns.autoIssue, true)));
  for (const { cohortId } of targets) {
    try {
      await issueToStudents(cohortId, await eligibleStudentsOf(db, cohortId), null);
    } catch (error) {
      log.warn({ event: 'certificate_auto_issue_failed', cohortId, err: error }, 'automatic certificate issue failed for a cohort');
    }
  }
}
