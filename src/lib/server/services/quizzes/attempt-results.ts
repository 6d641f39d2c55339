/**
 * Attempts after (and while) they are taken: the student submits theirs and
 * sees what showResults allows; staff list the attempts of their cohorts'
 * students, open one with every answer and the right ones, and grade open
 * answers (the score and `passed` are computed again).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { canSeeReview } from '~/lib/shared/quizzes';
import { toPage } from '~/lib/server/http/pagination';
import type { Page } from '~/lib/shared/pagination';
import { pageWindow } from '~/lib/shared/pagination';
import type { AttemptDetail, AttemptRow, CompleteAttemptResult, GradeAnswerBody, ReviewItem } from '~/lib/shared/schemas/quizzes';
import { attemptVisibleIn, requireManageContent, requireReadQuiz, requireTakeQuiz, type AttemptScope, type Caller } from '~/lib/server/access/permissions';
import { findQuizWithAccess, getAttemptScope } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { attemptAnswers, quizAttempts, users } from '~/lib/server/db/schema';
import { closeAndScoreAttempt, closeAttempt, closeOverdueAttempts, isPastGrace, rescoreAttempt, scoringContextOf } from './close-attempts';
import { findAttemptShape, getVersions, type QuizSettings } from './quiz-cache';
import { toAttempt, toReviewItem, type AnswerRecord, type AttemptRecord } from './quiz-views';
import { recordQuizFeedback } from '~/lib/server/services/assignments/feedbacks';

const studentColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

/** Every question of an attempt with what was given, what is right and the points, in the attempt's order. */
export async function buildReview(attempt: AttemptRecord, scoredAnswers?: readonly AnswerRecord[]): Promise<ReviewItem[]> {
  const db = await getDb();
  const [versions, answers] = await Promise.all([
    getVersions(attempt.questions.map((question) => question.v)),
    scoredAnswers ?? db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)),
  ]);
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
  return attempt.questions.flatMap((question) => (versions.has(question.v) ? [toReviewItem(versions.get(question.v)!, byQuestion.get(question.q))] : []));
}

/** A student sees the review of their own closed attempt only as the quiz's showResults allows. */
const studentMaySeeReview = (quiz: QuizSettings, attempt: AttemptRecord) => attempt.status === 'completed' && canSeeReview(quiz);

/**
 * Submits the caller's attempt: closes and scores it (idempotent: submitting
 * again answers the same). An attempt past its deadline is closed by the
 * clock with the answers saved in time. Another student's attempt → 404.
 */
export async function completeAttempt(caller: Caller, quizId: number, attemptId: number): Promise<CompleteAttemptResult> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireTakeQuiz(access, course.status);
  const shape = await findAttemptShape(attemptId);
  if (!shape || shape.userId !== caller.id || shape.quizId !== quizId) throw new AppError('not_found');
  const closed = await closeAndScoreAttempt(attemptId);
  const attempt = closed?.attempt ?? (await readAttempt(attemptId));
  if (!attempt) throw new AppError('not_found');
  return {
    attempt: toAttempt(attempt),
    // Just closed: the review shows the answers the score counted (read in the closing transaction).
    ...(studentMaySeeReview(definition.quiz, attempt) && { review: await buildReview(attempt, closed?.answers) }),
  };
}

async function readAttempt(attemptId: number): Promise<AttemptRecord | null> {
  const db = await getDb();
  const [row] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return row ?? null;
}

/** An attempt of the quiz visible in the scope, with its student; closed first when found past its deadline. */
async function findVisibleAttempt(quizId: number, attemptId: number, scope: AttemptScope) {
  const db = await getDb();
  const read = async () => {
    const [row] = await db
      .select({ attempt: quizAttempts, student: studentColumns })
      .from(quizAttempts)
      .innerJoin(users, eq(users.id, quizAttempts.userId))
      .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.quizId, quizId), attemptVisibleIn(scope, quizAttempts.userId)));
    if (!row) throw new AppError('not_found');
    return row;
  };
  const found = await read();
  if (!isPastGrace(found.attempt)) return found;
  await closeAttempt(attemptId, { onlyPastGrace: true });
  return read();
}

/**
 * A page of a quiz's attempts, newest first: staff see their cohorts'
 * students' (admins everyone's; `cohort` narrows to one cohort), a student
 * their own. Attempts found past their deadline are closed first.
 */
export async function listAttempts(
  caller: Caller,
  quizId: number,
  query: { page: number; cohort?: number; status?: 'in_progress' | 'completed' },
  requestUrl: string,
): Promise<Page<AttemptRow>> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireReadQuiz(access, definition.quiz, course.status);
  const scope = await getAttemptScope(caller, access);
  await closeOverdueAttempts(scope.kind === 'own' ? { quizId, userId: caller.id } : { quizId });
  const db = await getDb();
  const where = and(
    eq(quizAttempts.quizId, quizId),
    attemptVisibleIn(scope, quizAttempts.userId, scope.kind === 'own' ? undefined : query.cohort),
    query.status ? eq(quizAttempts.status, query.status) : undefined,
  );
  const { offset, limit } = pageWindow(query.page);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(quizAttempts).where(where),
    db
      .select({ attempt: quizAttempts, student: studentColumns })
      .from(quizAttempts)
      .innerJoin(users, eq(users.id, quizAttempts.userId))
      .where(where)
      .orderBy(desc(quizAttempts.startedAt), desc(quizAttempts.id))
      .limit(limit)
      .offset(offset),
  ]);
  return toPage(
    rows.map((row) => ({ ...toAttempt(row.attempt), student: row.student })),
    total[0]?.value ?? 0,
    query.page,
    requestUrl,
  );
}

/** One attempt with its student: staff get every answer and the right ones; its student the review once showResults allows. */
export async function getAttemptDetail(caller: Caller, quizId: number, attemptId: number): Promise<AttemptDetail> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireReadQuiz(access, definition.quiz, course.status);
  const scope = await getAttemptScope(caller, access);
  const { attempt, student } = await findVisibleAttempt(quizId, attemptId, scope);
  const showReview = access === 'manage' || studentMaySeeReview(definition.quiz, attempt);
  return { attempt: toAttempt(attempt), student, ...(showReview && { review: await buildReview(attempt) }) };
}

/**
 * A person's points (and feedback) for an open answer of a closed attempt;
 * the attempt's score and `passed` are computed again. Staff of the course
 * who see the student. An attempt in progress → 409 attempt_in_progress.
 */
export async function gradeAnswer(caller: Caller, quizId: number, attemptId: number, input: GradeAnswerBody): Promise<AttemptDetail> {
  const { course, access } = await findQuizWithAccess(caller, quizId);
  requireManageContent(access, course.status);
  const scope = await getAttemptScope(caller, access);
  const { attempt } = await findVisibleAttempt(quizId, attemptId, scope);
  if (attempt.status !== 'completed') throw new AppError('attempt_in_progress');
  const question = attempt.questions.find((item) => item.q === input.questionId);
  if (!question) throw new AppError('validation_failed', { fields: { questionId: 'validation.quiz.notInAttempt' } });
  const version = (await getVersions([question.v])).get(question.v);
  if (!version || version.type !== 'open') throw new AppError('validation_failed', { fields: { questionId: 'validation.quiz.notOpen' } });
  if (input.points > version.points) throw new AppError('validation_failed', { fields: { points: { key: 'validation.number.max', params: { count: version.points } } } });

  const context = await scoringContextOf(attempt);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).for('update');
    const [previous] = await tx
      .select({ feedback: attemptAnswers.graderFeedback })
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, input.questionId)));
    const graded = { manualPoints: input.points, graderFeedback: input.feedback || null, gradedBy: caller.id, gradedAt: new Date() };
    // The comment also reaches the student's feedback (the unseen badge), as an assignment's does.
    await recordQuizFeedback(tx, { studentId: locked!.userId, authorId: caller.id, attemptId, body: input.feedback ?? '', previous: previous?.feedback ?? null });
    // A blank open answer can be graded too (a row with no text).
    await tx
      .insert(attemptAnswers)
      .values({ attemptId, questionId: input.questionId, clientSavedAt: new Date(), ...graded })
      .onConflictDoUpdate({ target: [attemptAnswers.attemptId, attemptAnswers.questionId], set: graded });
    await rescoreAttempt(tx, locked!, context);
  });
  return getAttemptDetail(caller, quizId, attemptId);
}
