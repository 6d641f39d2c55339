/**
 * What a synchronized start reads thousands of times: a quiz's definition,
 * its course's quiz list, question versions and each attempt's questions.
 * Definitions and lists are dropped by the change feed when authors write
 * (ADR 006); versions and attempt shapes never change once written (a
 * question edit is a new version, an attempt keeps its questions), so they
 * are kept by id with nothing to drop. Attempts' status, clock and answers
 * are never cached: they are read fresh, by index, on every request.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityType, QuestionType, ShowResults } from '~/lib/shared/quizzes';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { renderMarkdown } from '~/lib/server/markdown/render-markdown';
import { getDb } from '~/lib/server/db/client';
import { bankQuestions, questionOptions, questionVersions, quizAttempts, quizItems, quizzes, type AttemptQuestion } from '~/lib/server/db/schema';

const CACHE_TTL_MS = 10 * 60_000;

/** A PostgreSQL text[] literal of some strings (quotes and backslashes escaped; control characters never reach here). */
export const toTextArrayLiteral = (values: readonly string[]): string => `{${values.map((value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(',')}}`;

/** A quiz's settings as the services use them (dates as ISO strings). */
export interface QuizSettings {
  id: number;
  courseId: number;
  title: string;
  description: string;
  activityType: ActivityType;
  timeLimitS: number | null;
  maxAttempts: number;
  passPercent: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  opensAt: string | null;
  closesAt: string | null;
  showResults: ShowResults;
  published: boolean;
  updatedAt: string;
  /** Questions each attempt gets: the fixed ones plus the draws' counts. */
  questionCount: number;
}

/** One version of a question, frozen: what it says, what is right, the prompt's HTML. */
export interface VersionContent {
  versionId: number;
  questionId: number;
  version: number;
  type: QuestionType;
  prompt: string;
  promptHtml: string;
  points: number;
  options: { id: number; text: string; correct: boolean }[];
  answers: string[];
  answer: number | null;
  tolerance: number;
  feedback: string | null;
}

/** A bank question in a quiz (or in a draw's pool): its current version and tags. */
export interface QuizQuestionRef {
  questionId: number;
  versionId: number;
  tags: string[];
}

export interface QuizDefinition {
  quiz: QuizSettings;
  fixed: QuizQuestionRef[];
  draws: { tag: string; count: number; pool: QuizQuestionRef[] }[];
}

/** The attempt's questions, its student and quiz: fixed when it starts. */
export interface AttemptShape {
  id: number;
  quizId: number;
  userId: number;
  questions: AttemptQuestion[];
}

type QuizRow = typeof quizzes.$inferSelect;

/** A quiz row in the services' shape. */
export function toQuizSettings(row: QuizRow, questionCount: number): QuizSettings {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    activityType: row.activityType,
    timeLimitS: row.timeLimitS,
    maxAttempts: row.maxAttempts,
    passPercent: row.passPercent,
    shuffleQuestions: row.shuffleQuestions,
    shuffleOptions: row.shuffleOptions,
    opensAt: row.opensAt?.toISOString() ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    showResults: row.showResults,
    published: row.published,
    updatedAt: row.updatedAt.toISOString(),
    questionCount,
  };
}

// ── Definitions ───────────────────────────────────────────────────────────

/** Definitions by quiz id. Authoring writes are rare next to starts: a question or version change drops them all. */
const definitions = defineCache<number, QuizDefinition>({
  ttlMs: CACHE_TTL_MS,
  max: 5_000,
  invalidatedBy: {
    quizzes: (keys) => idsOf(keys, 'id'),
    quiz_items: (keys) => idsOf(keys, 'quiz_id'),
    bank_questions: () => 'all',
    question_versions: () => 'all',
  },
});

async function readDefinition(quizId: number): Promise<QuizDefinition | null> {
  const db = await getDb();
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!row) return null;
  const items = await db.select().from(quizItems).where(eq(quizItems.quizId, quizId)).orderBy(asc(quizItems.position), asc(quizItems.id));
  const fixedIds = items.flatMap((item) => (item.questionId !== null ? [item.questionId] : []));
  const drawTags = [...new Set(items.flatMap((item) => (item.drawTag !== null ? [item.drawTag] : [])))];
  const columns = { id: bankQuestions.id, tags: bankQuestions.tags, currentVersionId: bankQuestions.currentVersionId, status: bankQuestions.status };
  const fixedRows = fixedIds.length > 0 ? await db.select(columns).from(bankQuestions).where(inArray(bankQuestions.id, fixedIds)) : [];
  const poolRows =
    drawTags.length > 0
      ? await db
          .select(columns)
          .from(bankQuestions)
          .where(and(eq(bankQuestions.courseId, row.courseId), eq(bankQuestions.status, 'ACTIVE'), sql`${bankQuestions.tags} && ${toTextArrayLiteral(drawTags)}::text[]`))
          .orderBy(asc(bankQuestions.id))
      : [];
  const refOf = (question: (typeof fixedRows)[number]): QuizQuestionRef | null =>
    question.currentVersionId === null ? null : { questionId: question.id, versionId: question.currentVersionId, tags: question.tags };
  const byId = new Map(fixedRows.map((question) => [question.id, question]));
  const fixed = fixedIds.flatMap((id) => {
    const ref = byId.get(id) && refOf(byId.get(id)!);
    return ref ? [ref] : [];
  });
  const fixedSet = new Set(fixedIds);
  const draws = items
    .filter((item) => item.drawTag !== null && item.drawCount !== null)
    .map((item) => ({
      tag: item.drawTag!,
      count: item.drawCount!,
      // A question already in the quiz is never drawn again.
      pool: poolRows.filter((question) => question.tags.includes(item.drawTag!) && !fixedSet.has(question.id)).flatMap((question) => refOf(question) ?? []),
    }));
  const questionCount = fixed.length + draws.reduce((sum, draw) => sum + draw.count, 0);
  return { quiz: toQuizSettings(row, questionCount), fixed, draws };
}

/** A quiz's definition (cached), or null when there is no such quiz (a miss is not kept: the id may exist soon). */
export async function findQuizDefinition(quizId: number): Promise<QuizDefinition | null> {
  const found = await definitions.getManyOrLoad([quizId], async () => {
    const definition = await readDefinition(quizId);
    return new Map(definition ? [[quizId, definition]] : []);
  });
  return found.get(quizId) ?? null;
}

// ── A course's quizzes ────────────────────────────────────────────────────

/** Every quiz of a course (unpublished too), in the order authors created them, by course id. */
const courseQuizLists = defineCache<number, QuizSettings[]>({
  ttlMs: CACHE_TTL_MS,
  max: 10_000,
  invalidatedBy: { quizzes: (keys) => idsOf(keys, 'course_id'), quiz_items: () => 'all' },
});

async function readCourseQuizzes(courseIds: number[]): Promise<Map<number, QuizSettings[]>> {
  const db = await getDb();
  const rows = await db.select().from(quizzes).where(inArray(quizzes.courseId, courseIds)).orderBy(asc(quizzes.id));
  const counts = rows.length
    ? await db
        .select({
          quizId: quizItems.quizId,
          count: sql<number>`sum(case when ${quizItems.questionId} is not null then 1 else ${quizItems.drawCount} end)::int`,
        })
        .from(quizItems)
        .where(inArray(quizItems.quizId, rows.map((row) => row.id)))
        .groupBy(quizItems.quizId)
    : [];
  const countOf = new Map(counts.map((row) => [row.quizId, row.count]));
  const lists = new Map<number, QuizSettings[]>(courseIds.map((id) => [id, []]));
  for (const row of rows) lists.get(row.courseId)!.push(toQuizSettings(row, countOf.get(row.id) ?? 0));
  return lists;
}

/** The quizzes of some courses (cached per course; the missing ones read in one batch). */
export function listQuizzesOfCourses(courseIds: readonly number[]): Promise<Map<number, QuizSettings[]>> {
  return courseQuizLists.getManyOrLoad([...new Set(courseIds)], readCourseQuizzes);
}

// ── Versions ──────────────────────────────────────────────────────────────

/** Question versions by id: frozen once written, so never dropped, only bounded. */
const versions = defineCache<number, VersionContent>({
  ttlMs: 60 * 60_000,
  max: 50_000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (version) => 512 + (version.prompt.length + version.promptHtml.length) * 2 + version.options.reduce((sum, option) => sum + 64 + option.text.length * 2, 0),
});

async function readVersions(ids: number[]): Promise<Map<number, VersionContent>> {
  const db = await getDb();
  const rows = await db.select().from(questionVersions).where(inArray(questionVersions.id, ids));
  const options = rows.length
    ? await db.select().from(questionOptions).where(inArray(questionOptions.versionId, ids)).orderBy(asc(questionOptions.versionId), asc(questionOptions.position), asc(questionOptions.id))
    : [];
  return new Map(
    rows.map((row) => [
      row.id,
      {
        versionId: row.id,
        questionId: row.questionId,
        version: row.version,
        type: row.type,
        prompt: row.prompt,
        promptHtml: renderMarkdown(row.prompt),
        points: row.points,
        options: options.filter((option) => option.versionId === row.id).map((option) => ({ id: option.id, text: option.text, correct: option.isCorrect })),
        answers: row.answers,
        answer: row.answer,
        tolerance: row.tolerance,
        feedback: row.feedback,
      },
    ]),
  );
}

/** Some question versions by id (cached; the missing ones read in one batch). */
export function getVersions(ids: readonly number[]): Promise<Map<number, VersionContent>> {
  return versions.getManyOrLoad([...new Set(ids)], readVersions);
}

// ── Attempt shapes ────────────────────────────────────────────────────────

/** Attempts' questions by attempt id: fixed at the start, so never dropped. */
const attemptShapes = defineCache<number, AttemptShape>({
  ttlMs: 60 * 60_000,
  max: 100_000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (shape) => 128 + shape.questions.length * 64,
});

/** An attempt's questions and owner (cached), or null when there is no such attempt (a miss is not kept). */
export async function findAttemptShape(attemptId: number): Promise<AttemptShape | null> {
  const found = await attemptShapes.getManyOrLoad([attemptId], async () => {
    const db = await getDb();
    const [row] = await db
      .select({ id: quizAttempts.id, quizId: quizAttempts.quizId, userId: quizAttempts.userId, questions: quizAttempts.questions })
      .from(quizAttempts)
      .where(eq(quizAttempts.id, attemptId));
    return new Map(row ? [[attemptId, row]] : []);
  });
  return found.get(attemptId) ?? null;
}

/** Keeps a just-started attempt's shape, so its first saves read nothing. */
export function rememberAttemptShape(shape: AttemptShape): void {
  void attemptShapes.getOrLoad(shape.id, async () => shape);
}
