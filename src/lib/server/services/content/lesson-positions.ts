/**
 * Everything that moves lesson positions: create, bulk create, delete and
 * reorder. Each runs in one transaction holding the course row's lock
 * (SELECT … FOR UPDATE), so concurrent calls on one course queue up and
 * positions stay 0..n-1 without gaps or duplicates.
 */
import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { BulkLesson, CreateLessonBody, Lesson, LessonSummary } from '~/lib/shared/schemas/content';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { getDb, type Tx } from '~/lib/server/db/client';
import { courses, lessons } from '~/lib/server/db/schema';
import { findCourseWithAccess, findLessonWithAccess } from '~/lib/server/access/loaders';
import { deleteAttachmentFiles, lockAttachmentKeysOf } from './lesson-attachments';
import { lessonSummaryColumns, requirePlayableVideo, requirePlayableVideos, toLesson, toLessonSummary } from './lessons';

/** Locks the course row until the transaction ends and answers how many lessons it has. */
async function lockCourseLessons(tx: Tx, courseId: number): Promise<number> {
  const [locked] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
  if (!locked) throw new AppError('not_found');
  const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(lessons).where(eq(lessons.courseId, courseId));
  return row?.total ?? 0;
}

async function requireManageCourse(caller: Caller, courseId: number): Promise<void> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
}

/** Adds a lesson to a course (managers): at the end, or at `position` moving the later ones down; a draft unless `publishedAt` is given. Its video must be one the lesson page plays. */
export async function createLesson(caller: Caller, courseId: number, input: CreateLessonBody): Promise<Lesson> {
  await requireManageCourse(caller, courseId);
  requirePlayableVideo(input.videoUrl);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const total = await lockCourseLessons(tx, courseId);
    const position = Math.min(input.position ?? total, total);
    if (position < total) {
      await tx
        .update(lessons)
        .set({ position: sql`${lessons.position} + 1` })
        .where(and(eq(lessons.courseId, courseId), gte(lessons.position, position)));
    }
    const [row] = await tx
      .insert(lessons)
      .values({
        courseId,
        title: input.title,
        section: input.section,
        contentMd: input.contentMd,
        videoUrl: input.videoUrl ?? null,
        position,
        publishedAt: input.publishedAt ? new Date(input.publishedAt) : null,
      })
      .returning();
    return toLesson(row!);
  });
  return result;
}

/** Appends many lessons to a course in the given order, all or nothing (managers), published at once unless a lesson says otherwise; every video must be one the lesson page plays. */
export async function createLessonsInBulk(caller: Caller, courseId: number, input: readonly BulkLesson[]): Promise<LessonSummary[]> {
  await requireManageCourse(caller, courseId);
  requirePlayableVideos(input);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const total = await lockCourseLessons(tx, courseId);
    const rows = await tx
      .insert(lessons)
      .values(
        input.map((lesson, index) => ({
          courseId,
          title: lesson.title,
          section: lesson.section,
          contentMd: lesson.contentMd,
          videoUrl: lesson.videoUrl ?? null,
          position: total + index,
          ...(lesson.publishedAt !== undefined && { publishedAt: lesson.publishedAt === null ? null : new Date(lesson.publishedAt) }),
        })),
      )
      .returning(lessonSummaryColumns);
    return rows.sort((a, b) => a.position - b.position).map(toLessonSummary);
  });
  return result;
}

/**
 * Removes a lesson and closes the gap it leaves (managers). Its learners'
 * history and its attachments (rows and stored files) go with it; to hide a
 * lesson but keep history, archive it (PATCH status INACTIVE) instead.
 */
export async function deleteLesson(caller: Caller, lessonId: number): Promise<void> {
  const { lesson, access, visibleStatus } = await findLessonWithAccess(caller, lessonId);
  requireManageContent(access, visibleStatus);
  const db = await getDb();
  const attachmentKeys = await db.transaction(async (tx) => {
    await lockCourseLessons(tx, lesson.courseId);
    const keys = await lockAttachmentKeysOf(tx, lessonId);
    // Read the position again under the lock: a reorder may have moved it.
    const [deleted] = await tx.delete(lessons).where(eq(lessons.id, lessonId)).returning({ position: lessons.position });
    if (!deleted) throw new AppError('not_found');
    await tx
      .update(lessons)
      .set({ position: sql`${lessons.position} - 1` })
      .where(and(eq(lessons.courseId, lesson.courseId), gt(lessons.position, deleted.position)));
    return keys;
  });
  // After the commit: a failed transaction keeps its files.
  await deleteAttachmentFiles(attachmentKeys);
}

/**
 * Puts a course's lessons in the given order (managers). The list must hold
 * exactly the course's lessons, each once; otherwise 400 and nothing changes.
 */
export async function reorderLessons(caller: Caller, courseId: number, order: readonly number[]): Promise<LessonSummary[]> {
  await requireManageCourse(caller, courseId);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await lockCourseLessons(tx, courseId);
    const current = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
    const currentIds = new Set(current.map((row) => row.id));
    const matches = order.length === currentIds.size && new Set(order).size === order.length && order.every((id) => currentIds.has(id));
    if (!matches) throw new AppError('validation_failed', { fields: { order: 'validation.lessons.order_mismatch' } });
    if (order.length > 0) {
      // One statement: every lesson gets its index in `order` as its position.
      const cases = sql.join(
        order.map((id, index) => sql`when ${id} then ${index}`),
        sql` `,
      );
      await tx
        .update(lessons)
        .set({ position: sql`(case ${lessons.id} ${cases} end)::int`, updatedAt: new Date() })
        .where(and(eq(lessons.courseId, courseId), inArray(lessons.id, [...order])));
    }
    const rows = await tx.select(lessonSummaryColumns).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position));
    return rows.map(toLessonSummary);
  });
  return result;
}
