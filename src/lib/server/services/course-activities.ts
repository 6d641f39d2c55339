/**
 * A course's other work beside its lessons, listed on the course page: its
 * activities (practical work, evaluations, nivelations), soonest due first.
 * Quizzes and assignment submissions join this list when they exist.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Homework } from '~/lib/shared/schemas/app-shell';
import { requireReadContent, type Caller } from '~/lib/server/auth/permissions';
import { findCourseContentWithAccess } from '~/lib/server/auth/access';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { assignments } from '~/lib/server/db/schema';

export type CourseActivity = Omit<Homework, 'course'>;

/** The columns of an activity as lists show it (the course page here, the homework in learning.ts). */
export const activityColumns = {
  id: assignments.id,
  title: assignments.title,
  description: assignments.description,
  activityType: assignments.activityType,
  dueAt: assignments.dueAt,
  isCheckpoint: assignments.isCheckpoint,
};

/** An activity row as the API shows it. */
export const toActivity = (row: { [K in keyof typeof activityColumns]: (typeof assignments.$inferSelect)[K] }): CourseActivity => ({
  ...row,
  dueAt: row.dueAt?.toISOString() ?? null,
});

const ACTIVITIES_CACHE_TTL_MS = 10 * 60_000;

/** A course's activities by course id; a change to any of them drops its course's list on every server. */
const courseActivityLists = defineCache<number, CourseActivity[]>({
  ttlMs: ACTIVITIES_CACHE_TTL_MS,
  max: 10_000,
  invalidatedBy: { assignments: (keys) => idsOf(keys, 'course_id') },
});

/** The activities of a course the caller may read (404 otherwise), soonest due first, undated last. */
export async function listCourseActivities(caller: Caller, courseId: number): Promise<CourseActivity[]> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  return courseActivityLists.getOrLoad(courseId, async () => {
    const db = await getDb();
    const rows = await db
      .select(activityColumns)
      .from(assignments)
      .where(eq(assignments.courseId, courseId))
      .orderBy(sql`${assignments.dueAt} asc nulls last`, asc(assignments.id));
    return rows.map(toActivity);
  });
}
