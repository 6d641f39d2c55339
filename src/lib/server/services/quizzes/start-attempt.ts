/**
 * Starting (or resuming) an attempt: the attempt and its clock live on the
 * server from the first second; a second tab or device gets the same
 * attempt, its question order and its saved answers. Built for a
 * synchronized start: the quiz and its question versions come from caches,
 * a new attempt costs one statement (an insert that checks the student has
 * no open attempt and one left), a resumed one three (that insert, which
 * does nothing, the attempts, the answers).
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { availabilityOf, isChoiceType } from '~/lib/shared/quizzes';
import type { StartAttemptResult } from '~/lib/shared/schemas/quizzes';
import { requireTakeQuiz, type Caller } from '~/lib/server/access/permissions';
import { findQuizWithAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { attemptAnswers, quizAttempts, type AttemptQuestion } from '~/lib/server/db/schema';
import { closeAttempt, isPastGrace } from './close-attempts';
import { scheduleDeadlineClose } from './deadline-jobs';
import { getVersions, rememberAttemptShape, type QuizDefinition, type QuizQuestionRef } from './quiz-cache';
import { toAnswer, toTakingQuestion } from './quiz-views';
import { rowsOf } from './sql-rows';

/** A fair shuffle (Fisher–Yates over crypto.randomInt): a student cannot predict another's order. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The questions of a new attempt: the fixed ones, then each draw's own random pick, shuffled when the quiz says so. */
async function pickQuestions(definition: QuizDefinition): Promise<AttemptQuestion[]> {
  const chosen: QuizQuestionRef[] = [...definition.fixed];
  const taken = new Set(chosen.map((ref) => ref.questionId));
  for (const draw of definition.draws) {
    const candidates = draw.pool.filter((ref) => !taken.has(ref.questionId));
    for (const ref of shuffled(candidates).slice(0, draw.count)) {
      chosen.push(ref);
      taken.add(ref.questionId);
    }
  }
  const ordered = definition.quiz.shuffleQuestions ? shuffled(chosen) : chosen;
  const versions = await getVersions(ordered.map((ref) => ref.versionId));
  return ordered.map((ref) => {
    const version = versions.get(ref.versionId);
    // True/false keeps its natural order; other choices are shuffled when asked.
    const shuffle = definition.quiz.shuffleOptions && version && isChoiceType(version.type) && version.type !== 'true_false';
    return { q: ref.questionId, v: ref.versionId, ...(shuffle && { o: shuffled(version.options.map((option) => option.id)) }) };
  });
}

/**
 * Inserts a new attempt with its questions and deadline (the server's clock)
 * unless the student has one open or used every attempt; null then.
 */
async function insertAttempt(definition: QuizDefinition, userId: number): Promise<OpenAttempt | null> {
  const { quiz } = definition;
  const questions = await pickQuestions(definition);
  if (questions.length === 0) throw new AppError('quiz_closed');
  const db = await getDb();
  // One call of the function migration 0015 defines (its plan is kept for the session, ADR 019).
  const result = await db.execute(sql`
    select * from senda_start_attempt(${quiz.id}, ${userId}, ${JSON.stringify(questions)}::jsonb, ${quiz.timeLimitS ?? null}::integer,
      ${quiz.closesAt ?? null}::timestamptz, ${quiz.maxAttempts})`);
  const [row] = rowsOf<{ id: number; started_at: string | Date; deadline: string | Date | null }>(result);
  if (!row) return null;
  const created = { id: Number(row.id), startedAt: new Date(row.started_at), deadline: row.deadline ? new Date(row.deadline) : null, questions, now: new Date(row.started_at) };
  rememberAttemptShape({ id: created.id, quizId: quiz.id, userId, questions });
  if (created.deadline) scheduleDeadlineClose(quiz.id, created.deadline);
  return created;
}

type OpenAttempt = { id: number; startedAt: Date; deadline: Date | null; questions: AttemptQuestion[]; now: Date };

async function answerFor(attempt: OpenAttempt, withAnswers: boolean): Promise<StartAttemptResult> {
  const db = await getDb();
  const [versions, answers] = await Promise.all([
    getVersions(attempt.questions.map((question) => question.v)),
    withAnswers ? db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)) : Promise.resolve([]),
  ]);
  return {
    attempt: {
      id: attempt.id,
      status: 'in_progress',
      startedAt: attempt.startedAt.toISOString(),
      deadline: attempt.deadline?.toISOString() ?? null,
      answers: answers.map(toAnswer),
    },
    questions: attempt.questions.flatMap((question) => (versions.has(question.v) ? [toTakingQuestion(versions.get(question.v)!, question.o)] : [])),
    serverNow: attempt.now.toISOString(),
  };
}

async function readAttemptsOf(quizId: number, userId: number) {
  const db = await getDb();
  return db
    .select({
      id: quizAttempts.id,
      status: quizAttempts.status,
      startedAt: quizAttempts.startedAt,
      deadline: quizAttempts.deadline,
      questions: quizAttempts.questions,
      now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId)));
}

/**
 * Starts an attempt at a quiz, or resumes the one under way (same id, same
 * question order, its saved answers). Nothing in the answer says which
 * option or answer is right. A new attempt needs an open quiz (409
 * quiz_closed: unpublished, before opensAt, after closesAt) and an attempt
 * left (409 attempts_exhausted). Readers of the course only.
 */
export async function startAttempt(caller: Caller, quizId: number): Promise<StartAttemptResult> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireTakeQuiz(access, course.status);
  const { quiz } = definition;

  for (let round = 0; round < 3; round++) {
    // Most starts of a synchronized start are a student's first: one statement creates the attempt when there is no
    // open one and an attempt is left (the unique index refuses a second open one, so two tabs get one attempt).
    if (availabilityOf(quiz) === 'open') {
      const created = await insertAttempt(definition, caller.id);
      if (created) return answerFor(created, false);
    }
    let attempts = await readAttemptsOf(quizId, caller.id);
    const expired = attempts.find((attempt) => attempt.status === 'in_progress' && isPastGrace(attempt, attempt.now.getTime()));
    if (expired) {
      await closeAttempt(expired.id, { onlyPastGrace: true });
      attempts = await readAttemptsOf(quizId, caller.id);
    }
    const open = attempts.find((attempt) => attempt.status === 'in_progress');
    if (open) return answerFor(open, true);
    if (availabilityOf(quiz) !== 'open') throw new AppError('quiz_closed');
    if (attempts.length >= quiz.maxAttempts) throw new AppError('attempts_exhausted', { params: { count: quiz.maxAttempts } });
    // Otherwise another tab won a race (or an expired attempt was just closed): try again.
  }
  // Three rounds of losing the race to another tab means something else is wrong.
  throw new AppError('quiz_closed');
}
