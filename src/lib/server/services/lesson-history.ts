import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { LessonSummary } from '~/lib/shared/schemas/content';
import type { CourseProgress, LessonHistory, LessonProgressBody, PathProgress, ResumePoint } from '~/lib/shared/schemas/lesson-history';
import { activeMembershipOf, isAdmin, requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { cohorts, courses, learningPaths, lessonHistory, lessons, memberships } from '~/lib/server/db/schema';
import { findCourseContentWithAccess, findCourseWithAccess, findLessonWithAccess } from '~/lib/server/access/loaders';
import { listCoursesForUser } from './learning';
import { readPublishedCourseLessons } from './content/lessons';

type HistoryRow = typeof lessonHistory.$inferSelect;

const toHistory = (row: HistoryRow): LessonHistory => ({
  lessonId: row.lessonId,
  progress: row.progress,
  resumeAt: row.resumeAt,
  startedAt: row.startedAt.toISOString(),
  completedAt: row.completedAt ? row.completedAt.toISOString() : null,
});

async function requireReadableLesson(caller: Caller, lessonId: number): Promise<void> {
  const { access, visibleStatus } = await findLessonWithAccess(caller, lessonId);
  requireReadContent(access, visibleStatus);
}

/** Records that the caller opened a lesson; calling it again changes nothing. */
export async function startLesson(caller: Caller, lessonId: number): Promise<LessonHistory> {
  await requireReadableLesson(caller, lessonId);
  const db = await getDb();
  await db.insert(lessonHistory).values({ userId: caller.id, lessonId }).onConflictDoNothing();
  const [row] = await db.select().from(lessonHistory).where(and(eq(lessonHistory.userId, caller.id), eq(lessonHistory.lessonId, lessonId)));
  return toHistory(row!);
}

/** A user's lesson history, by course then lesson, by user id: any change to their history drops it. */
const historiesByUser = defineCache<number, Map<number, Map<number, LessonHistory>>>({
  ttlMs: 10 * 60_000,
  max: 20_000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (byCourse) => 256 + [...byCourse.values()].reduce((sum, lessonsOfCourse) => sum + lessonsOfCourse.size * 160, 0),
  invalidatedBy: { lesson_history: (keys) => idsOf(keys, 'user_id') },
});

async function readHistoriesOf(userId: number): Promise<Map<number, Map<number, LessonHistory>>> {
  const db = await getDb();
  const rows = await db
    .select({ history: lessonHistory, courseId: lessons.courseId })
    .from(lessonHistory)
    .innerJoin(lessons, eq(lessons.id, lessonHistory.lessonId))
    .where(eq(lessonHistory.userId, userId));
  const byCourse = new Map<number, Map<number, LessonHistory>>();
  for (const { history, courseId } of rows) {
    if (!byCourse.has(courseId)) byCourse.set(courseId, new Map());
    byCourse.get(courseId)!.set(history.lessonId, toHistory(history));
  }
  return byCourse;
}

const NO_HISTORY: ReadonlyMap<number, LessonHistory> = new Map();

/** The caller's history in every lesson of a course (lessons never opened are absent). */
export async function listCourseHistory(caller: Caller, courseId: number): Promise<ReadonlyMap<number, LessonHistory>> {
  const byCourse = await historiesByUser.getOrLoad(caller.id, () => readHistoriesOf(caller.id));
  return byCourse.get(courseId) ?? NO_HISTORY;
}

/** Views already recorded, by "user:lesson": a lesson page writes the first view only. */
const viewed = defineCache<string, true>({
  ttlMs: 10 * 60_000,
  max: 50_000,
  invalidatedBy: { lesson_history: (keys) => idsOf(keys, 'user_id').flatMap((userId) => idsOf(keys, 'lesson_id').map((lessonId) => `${userId}:${lessonId}`)) },
});

/** Records that the caller opened a lesson they may read (the page already checked access). */
export async function noteLessonViewed(caller: Caller, lessonId: number): Promise<void> {
  await viewed.getOrLoad(`${caller.id}:${lessonId}`, async () => {
    const db = await getDb();
    await db.insert(lessonHistory).values({ userId: caller.id, lessonId }).onConflictDoNothing();
    return true;
  });
}

/** Records progress and the resume point (starting the lesson if needed); progress never goes down. */
export async function recordLessonProgress(caller: Caller, input: LessonProgressBody): Promise<LessonHistory> {
  await requireReadableLesson(caller, input.lessonId);
  const db = await getDb();
  const [row] = await db
    .insert(lessonHistory)
    .values({ userId: caller.id, lessonId: input.lessonId, progress: input.progress, resumeAt: input.resumeAt })
    .onConflictDoUpdate({
      target: [lessonHistory.userId, lessonHistory.lessonId],
      set: { progress: sql`greatest(${lessonHistory.progress}, excluded.progress)`, resumeAt: sql`excluded.resume_at`, updatedAt: new Date() },
    })
    .returning();
  return toHistory(row!);
}

/** Marks a lesson completed (100 %); completing again keeps the first completion time. */
export async function completeLesson(caller: Caller, lessonId: number): Promise<LessonHistory> {
  await requireReadableLesson(caller, lessonId);
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .insert(lessonHistory)
    .values({ userId: caller.id, lessonId, progress: 100, startedAt: now, completedAt: now })
    .onConflictDoUpdate({
      target: [lessonHistory.userId, lessonHistory.lessonId],
      set: { progress: 100, completedAt: sql`coalesce(${lessonHistory.completedAt}, excluded.completed_at)`, updatedAt: now },
    })
    .returning();
  return toHistory(row!);
}

/** A course's published lesson in order with the caller's history of it (null: never opened). */
export interface LessonWithHistory {
  lesson: LessonSummary;
  position: number;
  history: LessonHistory | null;
}

/** The rows of a course for a user, by their history map and the course's published lessons (both cached and never changed in place: a change is a new map or list). */
const rowsMemo = new WeakMap<ReadonlyMap<number, LessonHistory>, WeakMap<readonly LessonSummary[], LessonWithHistory[]>>();

/**
 * The course's published lessons (what students see) in order, each with the
 * caller's history (both cached: no query on a warm course page; the caller
 * checked access). The rows are built once per pair of cached values and
 * shared: treat them as read-only.
 */
export async function activeLessonsWithHistory(caller: Caller, courseId: number): Promise<readonly LessonWithHistory[]> {
  const [published, history] = await Promise.all([readPublishedCourseLessons(courseId), listCourseHistory(caller, courseId)]);
  let byLessons = rowsMemo.get(history);
  if (!byLessons) {
    byLessons = new WeakMap();
    rowsMemo.set(history, byLessons);
  }
  let rows = byLessons.get(published);
  if (!rows) {
    rows = published.map((lesson, position) => ({ lesson, position, history: history.get(lesson.id) ?? null }));
    byLessons.set(published, rows);
  }
  return rows;
}

/** Where to go on in a course: the last lesson started and not completed, else the first not completed; null when all are completed. */
export function resumeRowOf(rows: readonly LessonWithHistory[]): LessonWithHistory | null {
  const pending = rows.filter((row) => !row.history?.completedAt);
  // Started at the same instant (a batch): the later in the course is the one reached last.
  const started = pending.filter((row) => row.history).sort((a, b) => Date.parse(b.history!.startedAt) - Date.parse(a.history!.startedAt) || b.position - a.position);
  return started[0] ?? pending[0] ?? null;
}

/** The lesson to open next in a course: the last one started and not completed, else the first not completed. */
export async function getResumePoint(caller: Caller, courseId: number): Promise<ResumePoint> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  const next = resumeRowOf(await activeLessonsWithHistory(caller, courseId));
  return next ? { lesson: next.lesson, history: next.history } : { lesson: null, history: null };
}

const percentageOf = (completed: number, total: number) => (total === 0 ? 0 : Math.floor((completed * 100) / total));

/** How far the caller is in a course, from its lessons with history. */
export function progressOf(courseId: number, rows: readonly LessonWithHistory[]): CourseProgress {
  const completed = rows.filter((row) => row.history?.completedAt).length;
  return { courseId, totalLessons: rows.length, completedLessons: completed, percentage: percentageOf(completed, rows.length) };
}

/** Per course: published lessons, and how many of them the user completed (course order). */
async function countCourseProgress(userId: number, courseFilter: SQL): Promise<CourseProgress[]> {
  const db = await getDb();
  const rows = await db
    .select({
      courseId: courses.id,
      total: sql<number>`count(${lessons.id})::int`,
      completed: sql<number>`count(${lessonHistory.id})::int`,
    })
    .from(courses)
    .leftJoin(lessons, and(eq(lessons.courseId, courses.id), eq(lessons.status, 'ACTIVE'), lte(lessons.publishedAt, sql`now()`)))
    .leftJoin(lessonHistory, and(eq(lessonHistory.lessonId, lessons.id), eq(lessonHistory.userId, userId), sql`${lessonHistory.completedAt} is not null`))
    .where(courseFilter)
    .groupBy(courses.id)
    .orderBy(asc(courses.position), asc(courses.id));
  return rows.map((row) => ({ courseId: row.courseId, totalLessons: row.total, completedLessons: row.completed, percentage: percentageOf(row.completed, row.total) }));
}

/** The share of a course's published lessons the caller completed (from the cached lessons and history). */
export async function getCourseProgress(caller: Caller, courseId: number): Promise<CourseProgress> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  return progressOf(courseId, await activeLessonsWithHistory(caller, courseId));
}

/** The caller's progress across the ACTIVE courses they see in a learning path (admins: all of its cohorts). */
export async function getPathProgress(caller: Caller, learningPathId: number): Promise<PathProgress> {
  const db = await getDb();
  const [path] = await db.select({ id: learningPaths.id }).from(learningPaths).where(eq(learningPaths.id, learningPathId));
  if (!path) throw new AppError('not_found');
  const cohortRows = isAdmin(caller)
    ? await db.select({ programId: cohorts.programId }).from(cohorts).where(eq(cohorts.learningPathId, learningPathId))
    : await db
        .select({ programId: cohorts.programId })
        .from(memberships)
        .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
        .where(and(eq(cohorts.learningPathId, learningPathId), activeMembershipOf(caller.id)));
  // Another path's progress is "not found", like its other content.
  if (!isAdmin(caller) && cohortRows.length === 0) throw new AppError('not_found');
  let perCourse: CourseProgress[];
  if (isAdmin(caller)) {
    const programIds = [...new Set(cohortRows.flatMap((row) => (row.programId ? [row.programId] : [])))];
    perCourse = programIds.length ? await countCourseProgress(caller.id, and(inArray(courses.programId, programIds), eq(courses.status, 'ACTIVE'))!) : [];
  } else {
    // Members count what they can open: for students, the courses already released to their cohort.
    const now = Date.now();
    const open = (await listCoursesForUser(caller.id, learningPathId)).filter((course) => !course.releaseAt || Date.parse(course.releaseAt) <= now);
    const courseIds = [...new Set(open.map((course) => course.id))];
    perCourse = courseIds.length ? await countCourseProgress(caller.id, inArray(courses.id, courseIds)) : [];
  }
  const totalLessons = perCourse.reduce((sum, course) => sum + course.totalLessons, 0);
  const completedLessons = perCourse.reduce((sum, course) => sum + course.completedLessons, 0);
  return { learningPathId, totalLessons, completedLessons, percentage: percentageOf(completedLessons, totalLessons), courses: perCourse };
}
