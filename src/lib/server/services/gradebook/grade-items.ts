/**
 * Which of a course's quizzes and assignments count for its grade, in which
 * category, and which must be passed (the items' own columns; the quiz and
 * assignment editors keep their bodies, this is the gradebook's setting).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { itemKeyOf } from '~/lib/shared/gradebook';
import type { GradeItem, UpdateGradeItemsBody } from '~/lib/shared/schemas/gradebook';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess } from '~/lib/server/access/loaders';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { assignments, gradeCategories, quizzes } from '~/lib/server/db/schema';

async function readItems(db: DbOrTx, courseId: number): Promise<GradeItem[]> {
  const [assignmentRows, quizRows] = await Promise.all([
    db.select().from(assignments).where(eq(assignments.courseId, courseId)).orderBy(asc(assignments.id)),
    db.select().from(quizzes).where(eq(quizzes.courseId, courseId)).orderBy(asc(quizzes.id)),
  ]);
  return [
    ...assignmentRows.map((row) => ({
      key: itemKeyOf('assignment', row.id),
      kind: 'assignment' as const,
      id: row.id,
      title: row.title,
      categoryId: row.gradeCategoryId,
      countsForGrade: row.countsForGrade,
      mustPass: row.mustPass,
      dueAt: row.dueAt?.toISOString() ?? null,
      maxScore: row.maxScore,
    })),
    ...quizRows.map((row) => ({
      key: itemKeyOf('quiz', row.id),
      kind: 'quiz' as const,
      id: row.id,
      title: row.title,
      categoryId: row.gradeCategoryId,
      countsForGrade: row.countsForGrade,
      mustPass: row.mustPass,
      dueAt: row.closesAt?.toISOString() ?? null,
      maxScore: null,
    })),
  ];
}

/** A course's quizzes and assignments with their gradebook settings (its staff). */
export async function listGradeItems(caller: Caller, courseId: number): Promise<{ results: GradeItem[] }> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  return { results: await readItems(await getDb(), courseId) };
}

/** Sets items' category, countsForGrade and mustPass (its staff); an item or category of another course is a 400 naming it. */
export async function updateGradeItems(caller: Caller, courseId: number, body: UpdateGradeItemsBody): Promise<{ results: GradeItem[] }> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const ids = (kind: 'quiz' | 'assignment') => body.items.filter((item) => item.kind === kind).map((item) => item.id);
    const [ownAssignments, ownQuizzes, ownCategories] = await Promise.all([
      ids('assignment').length ? tx.select({ id: assignments.id }).from(assignments).where(and(eq(assignments.courseId, courseId), inArray(assignments.id, ids('assignment')))) : [],
      ids('quiz').length ? tx.select({ id: quizzes.id }).from(quizzes).where(and(eq(quizzes.courseId, courseId), inArray(quizzes.id, ids('quiz')))) : [],
      tx.select({ id: gradeCategories.id }).from(gradeCategories).where(eq(gradeCategories.courseId, courseId)),
    ]);
    const known = { assignment: new Set(ownAssignments.map((row) => row.id)), quiz: new Set(ownQuizzes.map((row) => row.id)) };
    const categories = new Set(ownCategories.map((row) => row.id));
    const fields: FieldErrors = {};
    body.items.forEach((item, index) => {
      if (!known[item.kind].has(item.id)) fields[`items.${index}.id`] = 'validation.gradebook.item_not_in_course';
      if (item.categoryId != null && !categories.has(item.categoryId)) fields[`items.${index}.categoryId`] = 'validation.gradebook.category_not_in_course';
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { fields });
    for (const item of body.items) {
      const changes = {
        ...(item.categoryId !== undefined && { gradeCategoryId: item.categoryId }),
        ...(item.countsForGrade !== undefined && { countsForGrade: item.countsForGrade }),
        ...(item.mustPass !== undefined && { mustPass: item.mustPass }),
      };
      if (Object.keys(changes).length === 0) continue;
      if (item.kind === 'assignment') await tx.update(assignments).set({ ...changes, updatedAt: new Date() }).where(eq(assignments.id, item.id));
      else await tx.update(quizzes).set({ ...changes, updatedAt: new Date() }).where(eq(quizzes.id, item.id));
    }
    return { results: await readItems(tx, courseId) };
  });
}
