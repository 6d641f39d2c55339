/**
 * Attempts close at their deadline on the job engine: a start with a
 * deadline queues a `quizzes.close-overdue` job for its quiz, due when the
 * deadline and the grace have passed. Attempts of a synchronized start share
 * deadlines, so the jobs go by quiz and 30-second slot with an id made from
 * both: thousands of starts queue a handful of jobs, whichever server
 * queues them (pg-boss keeps one job per id). A minute-by-minute sweep of
 * the same queue catches anything a job missed, and every read closes what
 * it finds past its deadline, so none of this is needed for correctness,
 * only for timeliness.
 */
import { forgetWithCaches } from '~/lib/server/cache/define-cache';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { ANSWER_GRACE_S } from '~/lib/shared/quizzes';
import { enqueueJob, isJobEngineRunning } from '~/lib/server/jobs/job-engine';
import { log } from '~/lib/server/log';

export const CLOSE_OVERDUE_QUEUE = 'quizzes.close-overdue';
const SLOT_MS = 30_000;

/**
 * Slots this process has itself sent a job for. It caches no data: nothing
 * written elsewhere can make it stale, so no invalidation hook applies. The
 * job's id is derived from quiz and slot, so the database keeps one job per
 * slot whichever servers send it; forgetting an entry only costs one more send.
 */
const sentByThisProcess = new LRUCache<string, true>({ max: 10_000, ttl: 24 * 60 * 60_000 });
// A fresh database (a test's) reuses quiz ids: what was sent for another one is forgotten with the caches.
forgetWithCaches(() => sentByThisProcess.clear());

/** A UUID (v4 layout) derived from a text, so every server names the same job alike. */
function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Queues the closing of a quiz's attempts whose deadline falls in this one's slot (fire and forget: the sweep covers a failure). */
export function scheduleDeadlineClose(quizId: number, deadline: Date): void {
  if (!isJobEngineRunning()) return;
  const slotEnd = Math.ceil(deadline.getTime() / SLOT_MS) * SLOT_MS;
  const key = `${quizId}:${slotEnd}`;
  if (sentByThisProcess.has(key)) return;
  sentByThisProcess.set(key, true);
  const startAfter = new Date(slotEnd + (ANSWER_GRACE_S + 1) * 1000);
  enqueueJob(CLOSE_OVERDUE_QUEUE, { quizId }, { startAfter, id: uuidOf(`quiz-close:${key}`) }).catch((error: unknown) => {
    sentByThisProcess.delete(key);
    log.warn({ err: error, quizId, event: 'quiz_close_job_not_queued' }, 'could not queue the closing of quiz attempts; the sweep will close them');
  });
}
