/** Authoring quizzes (the course's managers) and reading one (staff: everything; students: the quiz, with its questions only when it can be answered offline). */
import { count, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { CreateQuizBody, DrawInput, QuestionInput, ReaderQuiz, ReaderQuizRead, StaffQuiz, TakingQuestion, UpdateQuizBody } from '~/lib/shared/schemas/quizzes';
import { requireManageContent, requireReadQuiz, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess, findQuizWithAccess } from '~/lib/server/access/loaders';
import { getDb, type Tx } from '~/lib/server/db/client';
import { quizAttempts, quizItems, quizzes } from '~/lib/server/db/schema';
import { findQuizDefinition, getVersions, type QuizDefinition } from './quiz-cache';
import { toQuizSettingsView, toStaffQuestion, toTakingQuestion } from './quiz-views';
import { readStudentStates, toReaderQuiz } from './student-states';
import { writeQuestions } from './write-questions';

/** Each question once: the same bank question twice in a quiz → 400 naming the second. */
function requireDistinctQuestions(questions: readonly QuestionInput[]): void {
  const seen = new Set<number>();
  questions.forEach((question, index) => {
    if (!question.id) return;
    if (seen.has(question.id)) throw new AppError('validation_failed', { fields: { [`questions.${index}.id`]: 'validation.quiz.duplicateQuestion' } });
    seen.add(question.id);
  });
}

/** A published quiz needs something to ask. */
function requireSomethingToAsk(published: boolean, questions: number, draws: number): void {
  if (published && questions === 0 && draws === 0) throw new AppError('validation_failed', { fields: { questions: 'validation.quiz.noQuestions' } });
}

/** Replaces a quiz's items: its questions in order, then its draws. */
async function writeItems(tx: Tx, quizId: number, questionIds: number[], draws: readonly DrawInput[]): Promise<void> {
  await tx.delete(quizItems).where(eq(quizItems.quizId, quizId));
  const rows = [
    ...questionIds.map((questionId, position) => ({ quizId, position, questionId })),
    ...draws.map((draw, index) => ({ quizId, position: questionIds.length + index, drawTag: draw.tag, drawCount: draw.count })),
  ];
  if (rows.length > 0) await tx.insert(quizItems).values(rows);
}

async function countAttempts(quizId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(quizAttempts).where(eq(quizAttempts.quizId, quizId));
  return row?.value ?? 0;
}

/** The staff view of a definition: settings, questions with their right answers (current versions), draws with how many questions each can draw from. */
export async function toStaffQuiz(definition: QuizDefinition): Promise<StaffQuiz> {
  const { quiz } = definition;
  const versions = await getVersions(definition.fixed.map((ref) => ref.versionId));
  return {
    ...toQuizSettingsView(quiz),
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    published: quiz.published,
    questions: definition.fixed.flatMap((ref) => (versions.has(ref.versionId) ? [toStaffQuestion(versions.get(ref.versionId)!, ref.tags)] : [])),
    draws: definition.draws.map((draw) => ({ tag: draw.tag, count: draw.count, available: draw.pool.length })),
    attemptsCount: await countAttempts(quiz.id),
    updatedAt: quiz.updatedAt,
  };
}

/** The staff view of a quiz just written (read past the cache, which the change feed drops a moment later). */
async function readStaffQuiz(quizId: number): Promise<StaffQuiz> {
  const definition = await findQuizDefinition(quizId);
  if (!definition) throw new AppError('not_found');
  return toStaffQuiz(definition);
}

/** Creates a quiz in a course with its questions (new ones go to the course's bank). Managers of the course. */
export async function createQuiz(caller: Caller, courseId: number, input: CreateQuizBody): Promise<StaffQuiz> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  requireDistinctQuestions(input.questions);
  requireSomethingToAsk(input.published, input.questions.length, input.draws.length);
  const db = await getDb();
  const quizId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizzes)
      .values({
        courseId,
        title: input.title,
        description: input.description,
        activityType: input.activityType,
        timeLimitS: input.timeLimitS,
        maxAttempts: input.maxAttempts,
        passPercent: input.passPercent,
        shuffleQuestions: input.shuffleQuestions,
        shuffleOptions: input.shuffleOptions,
        opensAt: input.opensAt ? new Date(input.opensAt) : null,
        closesAt: input.closesAt ? new Date(input.closesAt) : null,
        showResults: input.showResults,
        published: input.published,
      })
      .returning({ id: quizzes.id });
    await writeItems(tx, row!.id, await writeQuestions(tx, courseId, input.questions), input.draws);
    return row!.id;
  });
  return readStaffQuiz(quizId);
}

/**
 * Changes a quiz's settings, and (when given) replaces its questions and
 * draws. Questions that attempts already used are never changed in place:
 * an edit is a new version, and those attempts keep theirs.
 */
export async function updateQuiz(caller: Caller, quizId: number, input: UpdateQuizBody): Promise<StaffQuiz> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireManageContent(access, course.status);
  const { quiz } = definition;
  const opensAt = input.opensAt !== undefined ? input.opensAt : quiz.opensAt;
  const closesAt = input.closesAt !== undefined ? input.closesAt : quiz.closesAt;
  if (opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt)) throw new AppError('validation_failed', { fields: { closesAt: 'validation.date.endBeforeStart' } });
  if (input.questions) requireDistinctQuestions(input.questions);
  const published = input.published ?? quiz.published;
  requireSomethingToAsk(published, (input.questions ?? definition.fixed).length, (input.draws ?? definition.draws).length);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(quizzes)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.activityType !== undefined && { activityType: input.activityType }),
        ...(input.timeLimitS !== undefined && { timeLimitS: input.timeLimitS }),
        ...(input.maxAttempts !== undefined && { maxAttempts: input.maxAttempts }),
        ...(input.passPercent !== undefined && { passPercent: input.passPercent }),
        ...(input.shuffleQuestions !== undefined && { shuffleQuestions: input.shuffleQuestions }),
        ...(input.shuffleOptions !== undefined && { shuffleOptions: input.shuffleOptions }),
        ...(input.opensAt !== undefined && { opensAt: input.opensAt ? new Date(input.opensAt) : null }),
        ...(input.closesAt !== undefined && { closesAt: input.closesAt ? new Date(input.closesAt) : null }),
        ...(input.showResults !== undefined && { showResults: input.showResults }),
        published,
        updatedAt: new Date(),
      })
      .where(eq(quizzes.id, quizId));
    if (input.questions || input.draws) {
      const questionIds = input.questions ? await writeQuestions(tx, quiz.courseId, input.questions) : definition.fixed.map((ref) => ref.questionId);
      await writeItems(tx, quizId, questionIds, input.draws ?? definition.draws.map(({ tag, count: drawCount }) => ({ tag, count: drawCount })));
    }
  });
  return readStaffQuiz(quizId);
}

/** Deletes a quiz nobody has attempted (its questions stay in the bank); one with attempts → 409 quiz_has_attempts (unpublish it instead). */
export async function deleteQuiz(caller: Caller, quizId: number): Promise<void> {
  const { course, access } = await findQuizWithAccess(caller, quizId);
  requireManageContent(access, course.status);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ value: count() }).from(quizAttempts).where(eq(quizAttempts.quizId, quizId));
    if ((row?.value ?? 0) > 0) throw new AppError('quiz_has_attempts', { params: { count: row!.value } });
    await tx.delete(quizzes).where(eq(quizzes.id, quizId));
  });
}

/** A quiz: its managers get the staff view (questions and right answers); a student the quiz without its questions, with their own state. */
export async function getQuiz(caller: Caller, quizId: number): Promise<StaffQuiz | ReaderQuizRead> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireReadQuiz(access, definition.quiz, course.status);
  if (access === 'manage') return toStaffQuiz(definition);
  const states = await readStudentStates(caller.id, [quizId]);
  const reader = toReaderQuiz(definition.quiz, states.get(quizId)!);
  return { ...reader, offlineQuestions: await readOfflineQuestions(definition, reader) };
}

/**
 * The questions a phone may keep to answer a quiz offline (ADR 038): an
 * untimed quiz (a timed one's clock starts on the server, never at download),
 * without random draws (the server picks those when the attempt starts), open
 * with an attempt left. In the quiz's order, options as written: what a new
 * attempt shows, with no right answer.
 */
async function readOfflineQuestions(definition: QuizDefinition, reader: ReaderQuiz): Promise<TakingQuestion[] | null> {
  const { quiz, fixed, draws } = definition;
  if (quiz.timeLimitS !== null || draws.length > 0 || fixed.length === 0) return null;
  if (reader.availability !== 'open' || reader.attemptsUsed >= quiz.maxAttempts) return null;
  const versions = await getVersions(fixed.map((ref) => ref.versionId));
  return fixed.flatMap((ref) => (versions.has(ref.versionId) ? [toTakingQuestion(versions.get(ref.versionId)!)] : []));
}
