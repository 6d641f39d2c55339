/**
 * The lessons an author links to a bank question, so the study assistant
 * sends a student who missed it to them (else it searches the lessons' text).
 * Managers of the question's course read and set them; only lessons of that
 * course may be linked.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { z } from 'zod';
import type { QuestionLessonsSchema } from '~/lib/shared/schemas/jarvis';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { bankQuestions, lessons, questionLessons } from '~/lib/server/db/schema';

type QuestionLessons = z.infer<typeof QuestionLessonsSchema>;

/** The question's course, once the caller is known to manage it (unknown question 404; a reader of the course 403, as the question bank answers). */
async function requireManagedQuestion(caller: Caller, questionId: number): Promise<number> {
  const db = await getDb();
  const [found] = await db.select({ courseId: bankQuestions.courseId }).from(bankQuestions).where(eq(bankQuestions.id, questionId));
  if (!found) throw new AppError('not_found');
  const { course, access } = await findCourseWithAccess(caller, found.courseId);
  requireManageContent(access, course.status);
  return found.courseId;
}

async function readLinks(questionId: number): Promise<QuestionLessons> {
  const db = await getDb();
  const rows = await db
    .select({ id: lessons.id, title: lessons.title })
    .from(questionLessons)
    .innerJoin(lessons, eq(lessons.id, questionLessons.lessonId))
    .where(eq(questionLessons.questionId, questionId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  return { questionId, lessons: rows };
}

/** The lessons linked to a bank question, in course order. Managers of its course. */
export async function getQuestionLessons(caller: Caller, questionId: number): Promise<QuestionLessons> {
  await requireManagedQuestion(caller, questionId);
  return readLinks(questionId);
}

/** Replaces the lessons linked to a bank question with the given ones (lessons of its course only; an empty list unlinks them all). Managers of its course. */
export async function setQuestionLessons(caller: Caller, questionId: number, lessonIds: readonly number[]): Promise<QuestionLessons> {
  const courseId = await requireManagedQuestion(caller, questionId);
  const wanted = [...new Set(lessonIds)];
  const db = await getDb();
  if (wanted.length > 0) {
    const found = await db.select({ id: lessons.id }).from(lessons).where(and(inArray(lessons.id, wanted), eq(lessons.courseId, courseId)));
    if (found.length !== wanted.length) throw new AppError('validation_failed', { fields: { lessonIds: 'validation.jarvis.lessonNotInCourse' } });
  }
  await db.transaction(async (tx) => {
    await tx.delete(questionLessons).where(eq(questionLessons.questionId, questionId));
    if (wanted.length > 0) await tx.insert(questionLessons).values(wanted.map((lessonId) => ({ questionId, lessonId })));
  });
  return readLinks(questionId);
}
