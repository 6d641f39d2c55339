/** A course's question bank for its managers: questions with their current version, tags, archiving. */
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { pageWindow, type Page } from '~/lib/shared/pagination';
import type { BankQuestion, UpdateBankQuestionBody } from '~/lib/shared/schemas/quizzes';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { bankQuestions, questionVersions, quizAttempts, quizzes } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import { getVersions, toTextArrayLiteral } from './quiz-cache';
import { toStaffQuestion } from './quiz-views';
import { rowsOf } from './sql-rows';
import { containsPattern } from '~/lib/server/db/like-pattern';

type BankRow = { id: number; tags: string[]; status: 'ACTIVE' | 'INACTIVE'; currentVersionId: number | null };

/** How many attempts of the course's quizzes answered an older version of each question. */
async function countOlderVersionAttempts(courseId: number, rows: readonly BankRow[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const db = await getDb();
  const result = await db.execute(sql`
    select (item->>'q')::int as question_id, count(*)::int as attempts
    from ${quizAttempts} a join ${quizzes} z on z.id = a.quiz_id, jsonb_array_elements(a.questions) item
    where z.course_id = ${courseId} and (item->>'q')::int in (${sql.join(rows.map((row) => sql`${row.id}`), sql`, `)})
      and (item->>'v')::int <> (select current_version_id from ${bankQuestions} b where b.id = (item->>'q')::int)
    group by 1`);
  return new Map(rowsOf<{ question_id: number; attempts: number }>(result).map((row) => [Number(row.question_id), Number(row.attempts)]));
}

/** Bank rows in the API's shape (current versions from the cache). */
export async function toBankQuestions(courseId: number, rows: readonly BankRow[]): Promise<BankQuestion[]> {
  const [versions, older] = await Promise.all([getVersions(rows.flatMap((row) => (row.currentVersionId ? [row.currentVersionId] : []))), countOlderVersionAttempts(courseId, rows)]);
  return rows.flatMap((row) => {
    const version = row.currentVersionId ? versions.get(row.currentVersionId) : undefined;
    return version ? [{ ...toStaffQuestion(version, row.tags), status: row.status, attemptsOnOlderVersions: older.get(row.id) ?? 0 }] : [];
  });
}

const bankColumns = { id: bankQuestions.id, tags: bankQuestions.tags, status: bankQuestions.status, currentVersionId: bankQuestions.currentVersionId };

/** A page of a course's bank questions (oldest first), by tag, by words of the prompt, ACTIVE or archived. Managers of the course. */
export async function listBankQuestions(
  caller: Caller,
  courseId: number,
  query: { page: number; tag?: string; search?: string; status: 'ACTIVE' | 'INACTIVE' },
  requestUrl: string,
): Promise<Page<BankQuestion>> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const db = await getDb();
  const where = and(
    eq(bankQuestions.courseId, courseId),
    eq(bankQuestions.status, query.status),
    query.tag ? sql`${bankQuestions.tags} @> ${toTextArrayLiteral([query.tag])}::text[]` : undefined,
    query.search
      ? inArray(
          bankQuestions.currentVersionId,
          db.select({ id: questionVersions.id }).from(questionVersions).where(ilike(questionVersions.prompt, containsPattern(query.search))),
        )
      : undefined,
  );
  const { offset, limit } = pageWindow(query.page);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(bankQuestions).where(where),
    db.select(bankColumns).from(bankQuestions).where(where).orderBy(asc(bankQuestions.id)).limit(limit).offset(offset),
  ]);
  return toPage(await toBankQuestions(courseId, rows), total[0]?.value ?? 0, query.page, requestUrl);
}

/** The tags of a course's ACTIVE bank questions with how many questions carry each (for draws and filters). Managers of the course. */
export async function listBankTags(caller: Caller, courseId: number): Promise<{ tag: string; count: number }[]> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const db = await getDb();
  const result = await db.execute(sql`
    select tag, count(*)::int as count from ${bankQuestions}, unnest(${bankQuestions.tags}) tag
    where ${bankQuestions.courseId} = ${courseId} and ${bankQuestions.status} = 'ACTIVE'
    group by tag order by lower(tag)`);
  return rowsOf<{ tag: string; count: number }>(result).map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/** Changes a bank question's tags, or archives / restores it (archived questions are never drawn; quizzes that list it keep it). */
export async function updateBankQuestion(caller: Caller, questionId: number, input: UpdateBankQuestionBody): Promise<BankQuestion> {
  const db = await getDb();
  const [found] = await db.select({ courseId: bankQuestions.courseId }).from(bankQuestions).where(eq(bankQuestions.id, questionId));
  if (!found) throw new AppError('not_found');
  const { course, access } = await findCourseWithAccess(caller, found.courseId);
  requireManageContent(access, course.status);
  const [row] = await db
    .update(bankQuestions)
    .set({ ...(input.tags !== undefined && { tags: input.tags }), ...(input.status !== undefined && { status: input.status }), updatedAt: new Date() })
    .where(eq(bankQuestions.id, questionId))
    .returning(bankColumns);
  const [question] = await toBankQuestions(found.courseId, [row!]);
  return question!;
}
