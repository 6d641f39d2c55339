/**
 * Closing and scoring attempts: by the student (answers/completed/), by the
 * clock (the job engine at the deadline, and any read that finds an attempt
 * past it first), and scoring again after a person grades an open answer.
 * Each close is one transaction that first flips the attempt to completed,
 * which waits for saves in flight (they hold the attempt FOR SHARE) and
 * refuses later ones, then scores the answers it then sees: an answer the
 * server acknowledged is always in the score.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { ANSWER_GRACE_S } from '~/lib/shared/quizzes';
import { scoreAttempt, type GivenAnswer } from '~/lib/shared/quiz-scoring';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { attemptAnswers, quizAttempts } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { findAttemptShape, findQuizDefinition, getVersions, type VersionContent } from './quiz-cache';
import { toGiven, toScorable, type AnswerRecord, type AttemptRecord } from './quiz-views';

/** Whether an open attempt is past its deadline and the network's grace (answers are no longer accepted). */
export function isPastGrace(attempt: { status: string; deadline: Date | null }, now = Date.now()): boolean {
  return attempt.status === 'in_progress' && attempt.deadline !== null && attempt.deadline.getTime() + ANSWER_GRACE_S * 1000 <= now;
}

/** What scoring an attempt needs besides its answers: its versions and the pass mark. */
export interface ScoringContext {
  versions: Map<number, VersionContent>;
  passPercent: number;
}

/**
 * Read before a transaction opens: the caches may need the database on a
 * miss, and PGlite runs one transaction at a time (a read outside it would
 * wait for it forever).
 */
export async function scoringContextOf(attempt: { quizId: number; questions: readonly { v: number }[] }): Promise<ScoringContext> {
  const [versions, definition] = await Promise.all([getVersions(attempt.questions.map((question) => question.v)), findQuizDefinition(attempt.quizId)]);
  return { versions, passPercent: definition?.quiz.passPercent ?? 60 };
}

/** An attempt as scored, with the answers its score counts (a review reads them again otherwise). */
export interface ScoredAttempt {
  attempt: AttemptRecord;
  answers: AnswerRecord[];
}

/** Scores an attempt's saved answers (on the versions it saw) and writes the score, inside the caller's transaction. */
export async function rescoreAttempt(tx: DbOrTx, attempt: AttemptRecord, context: ScoringContext): Promise<ScoredAttempt> {
  const answers = await tx.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id));
  const questions = attempt.questions.flatMap((question) => (context.versions.has(question.v) ? [toScorable(context.versions.get(question.v)!)] : []));
  const given = new Map<number, GivenAnswer>(answers.map((answer) => [answer.questionId, toGiven(answer)]));
  const result = scoreAttempt(questions, given, context.passPercent);
  const [scored] = await tx
    .update(quizAttempts)
    .set({ score: result.score, maxScore: result.maxScore, percent: result.percent, passed: result.passed, pendingManualGrading: result.pendingManualGrading })
    .where(eq(quizAttempts.id, attempt.id))
    .returning();
  return { attempt: scored!, answers };
}

/**
 * Closes an attempt still in progress and scores it; null when it is not in
 * progress, or not found (already closed: the caller reads what is stored).
 * `onlyPastGrace`: only if its deadline and the grace have passed (the
 * clock's closing).
 */
export async function closeAttempt(attemptId: number, options: { onlyPastGrace?: boolean } = {}): Promise<AttemptRecord | null> {
  return (await closeAndScoreAttempt(attemptId, options))?.attempt ?? null;
}

/** closeAttempt, answering also the answers it scored (the submit's review shows them). */
export async function closeAndScoreAttempt(attemptId: number, options: { onlyPastGrace?: boolean } = {}): Promise<ScoredAttempt | null> {
  const shape = await findAttemptShape(attemptId);
  if (!shape) return null;
  const context = await scoringContextOf(shape);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const graceEnded = sql`${quizAttempts.deadline} + make_interval(secs => ${ANSWER_GRACE_S}) <= now()`;
    const [closed] = await tx
      .update(quizAttempts)
      .set({
        status: 'completed',
        // Closed by the clock: it ended at its deadline; otherwise now.
        completedAt: sql`case when ${graceEnded} then least(${quizAttempts.deadline}, now()) else now() end`,
        closedBy: sql`case when ${graceEnded} then 'deadline' else 'student' end`,
      })
      .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.status, 'in_progress'), options.onlyPastGrace ? graceEnded : undefined))
      .returning();
    return closed ? rescoreAttempt(tx, closed, context) : null;
  });
}

const OVERDUE_BATCH = 200;

/**
 * Closes attempts past their deadline and grace (oldest first, up to a
 * batch), optionally of one quiz or one student; answers how many it closed.
 * Safe to run anywhere at any time: each close checks again in its transaction.
 */
export async function closeOverdueAttempts(filter: { quizId?: number; userId?: number } = {}, limit = OVERDUE_BATCH): Promise<number> {
  const db = await getDb();
  const overdue = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.status, 'in_progress'),
        lte(quizAttempts.deadline, sql`now() - make_interval(secs => ${ANSWER_GRACE_S})`),
        filter.quizId !== undefined ? eq(quizAttempts.quizId, filter.quizId) : undefined,
        filter.userId !== undefined ? eq(quizAttempts.userId, filter.userId) : undefined,
      ),
    )
    .orderBy(asc(quizAttempts.deadline))
    .limit(limit);
  let closed = 0;
  for (const { id } of overdue) {
    try {
      if (await closeAttempt(id, { onlyPastGrace: true })) closed++;
    } catch (error) {
      // One attempt that cannot be scored must not keep the others open; the next run tries it again.
      log.error({ err: error, attemptId: id, event: 'quiz_attempt_close_failed' }, 'could not close an overdue quiz attempt');
    }
  }
  return closed;
}

/** The job engine's closing: every overdue attempt (of one quiz, when the job names it), batch after batch. */
export async function closeAllOverdueAttempts(quizId?: number): Promise<number> {
  let total = 0;
  for (;;) {
    const closed = await closeOverdueAttempts(quizId !== undefined ? { quizId } : {});
    total += closed;
    if (closed < OVERDUE_BATCH) return total;
  }
}
