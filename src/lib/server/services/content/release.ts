import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohortCourses, cohortLevels, cohorts, courses } from '~/lib/server/db/schema';
import { canInCohortNow, requireCohortAccess } from '~/lib/server/access/loaders';

export interface CohortCourseRelease {
  course: { id: number; name: string; position: number; status: 'ACTIVE' | 'INACTIVE' };
  releaseAt: string | null;
  levelId: number | null;
}

/**
 * The cohort's program courses with their release to the cohort (null: not
 * released). Its managers see every course; its students only what is
 * released or scheduled, never an unreleased one.
 */
export async function listCohortCourseReleases(caller: Caller, cohortId: number): Promise<CohortCourseRelease[]> {
  await requireCohortAccess(caller, cohortId, 'view');
  const managing = await canInCohortNow(caller, cohortId, 'releaseCourses');
  const db = await getDb();
  const [cohort] = await db.select({ programId: cohorts.programId }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!cohort) throw new AppError('not_found');
  if (!cohort.programId) return [];
  const rows = await db
    .select({
      id: courses.id,
      name: courses.name,
      position: courses.position,
      status: courses.status,
      releaseAt: cohortCourses.releaseAt,
      levelId: cohortCourses.levelId,
    })
    .from(courses)
    .leftJoin(cohortCourses, and(eq(cohortCourses.courseId, courses.id), eq(cohortCourses.cohortId, cohortId)))
    .where(eq(courses.programId, cohort.programId))
    .orderBy(asc(courses.position), asc(courses.id));
  return rows
    .filter((row) => managing || (row.releaseAt !== null && row.status === 'ACTIVE'))
    .map((row) => ({
      course: { id: row.id, name: row.name, position: row.position, status: row.status },
      releaseAt: row.releaseAt ? row.releaseAt.toISOString() : null,
      levelId: row.levelId,
    }));
}

/**
 * Releases a course of the cohort's program to the cohort, now or at a date
 * (drip), optionally within one of the cohort's levels. Releasing again
 * moves the date.
 */
export async function releaseCourseToCohort(
  caller: Caller,
  cohortId: number,
  courseId: number,
  options: { releaseAt?: Date; levelId?: number | null } = {},
): Promise<CohortCourseRelease> {
  await requireCohortAccess(caller, cohortId, 'releaseCourses');
  const db = await getDb();
  const [cohort] = await db.select({ programId: cohorts.programId }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!cohort) throw new AppError('not_found');
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  // A course of another program is not part of this cohort: not found here.
  if (!course || course.programId !== cohort.programId) throw new AppError('not_found');
  if (options.levelId) {
    const [level] = await db.select({ id: cohortLevels.id }).from(cohortLevels).where(and(eq(cohortLevels.id, options.levelId), eq(cohortLevels.cohortId, cohortId)));
    if (!level) throw new AppError('validation_failed', { fields: { levelId: 'validation.invalid_id' } });
  }
  const releaseAt = options.releaseAt ?? new Date();
  const [row] = await db
    .insert(cohortCourses)
    .values({ cohortId, courseId, releaseAt, levelId: options.levelId ?? null })
    .onConflictDoUpdate({
      target: [cohortCourses.cohortId, cohortCourses.courseId],
      set: { releaseAt, levelId: options.levelId ?? null, updatedAt: new Date() },
    })
    .returning();
  return {
    course: { id: course.id, name: course.name, position: course.position, status: course.status },
    releaseAt: row!.releaseAt.toISOString(),
    levelId: row!.levelId,
  };
}

/** Withdraws a course's release from a cohort (its students stop seeing it). */
export async function unreleaseCourseFromCohort(caller: Caller, cohortId: number, courseId: number): Promise<void> {
  await requireCohortAccess(caller, cohortId, 'releaseCourses');
  const db = await getDb();
  const removed = await db
    .delete(cohortCourses)
    .where(and(eq(cohortCourses.cohortId, cohortId), eq(cohortCourses.courseId, courseId)))
    .returning({ id: cohortCourses.id });
  if (removed.length === 0) throw new AppError('not_found');
}
