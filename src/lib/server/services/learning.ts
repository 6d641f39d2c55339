import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { CourseSummary, Homework, TrainingPath } from '~/lib/shared/schemas/app-shell';
import { activeMembershipOf, canSeeCohortCourse, isAdmin, isMembershipActive, type Caller } from '~/lib/server/auth/permissions';
import { defineCache } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { assignments, cohortCourses, cohorts, courses, learningPaths, memberships, organizations } from '~/lib/server/db/schema';
import { getCohortCatalogs, listActiveCatalogsOf } from './cohort-catalog';
import { activityColumns, toActivity } from './course-activities';
import { listMembershipsOf } from './memberships';

const HOMEWORK_LIMIT = 50;

/**
 * The courses a user takes or teaches in their ACTIVE cohorts, optionally
 * within one training path. Students see only courses released or scheduled
 * to their cohort; tutors and cohort admins see all of the program's.
 */
export async function listCoursesForUser(userId: number, trainingPathId?: number | null): Promise<CourseSummary[]> {
  return (await listActiveCatalogsOf(userId, trainingPathId)).flatMap(({ catalog, roleId }) =>
    catalog.courses.filter((course) => canSeeCohortCourse(roleId, course.releaseAt)),
  );
}

/**
 * Homework lists by "user:path". Any change to activities, releases, courses or
 * memberships drops them all (those writes are rare next to /home views); a
 * course released on schedule shows its homework within a minute.
 */
const homeworkLists = defineCache<string, Homework[]>({
  ttlMs: 60_000,
  max: 20_000,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (list) => 128 + list.reduce((sum, item) => sum + 256 + (item.title.length + item.description.length + item.course.name.length) * 2, 0),
  invalidatedBy: { assignments: () => 'all', cohort_courses: () => 'all', courses: () => 'all', memberships: () => 'all', cohorts: () => 'all' },
});

/** A student's pending activities in a training path, soonest due first (cached, see above). */
export function listHomework(userId: number, trainingPathId: number): Promise<Homework[]> {
  return homeworkLists.getOrLoad(`${userId}:${trainingPathId}`, () => readHomework(userId, trainingPathId));
}

async function readHomework(userId: number, trainingPathId: number): Promise<Homework[]> {
  const db = await getDb();
  const rows = await db
    .select({ ...activityColumns, courseId: courses.id, courseName: courses.name })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .innerJoin(courses, eq(courses.programId, cohorts.programId))
    // Only courses already open to the student's cohort have homework.
    .innerJoin(cohortCourses, and(eq(cohortCourses.cohortId, cohorts.id), eq(cohortCourses.courseId, courses.id), lte(cohortCourses.releaseAt, sql`now()`)))
    .innerJoin(assignments, eq(assignments.courseId, courses.id))
    .where(
      and(
        activeMembershipOf(userId),
        eq(memberships.roleId, ROLE_IDS.student),
        eq(cohorts.learningPathId, trainingPathId),
        eq(courses.status, 'ACTIVE'),
      ),
    )
    .orderBy(sql`${assignments.dueAt} asc nulls last`, asc(assignments.id))
    .limit(HOMEWORK_LIMIT);
  return rows.map(({ courseId, courseName, ...activity }) => ({ ...toActivity(activity), course: { id: courseId, name: courseName } }));
}

/** The learning paths a user belongs to (every path for a platform admin), with their cohorts. */
export async function listTrainingPaths(caller: Caller): Promise<TrainingPath[]> {
  if (isAdmin(caller)) return listAllTrainingPaths();
  const memberships = await listMembershipsOf(caller.id);
  const catalogs = await getCohortCatalogs(memberships.map((membership) => membership.cohortId));
  const paths = new Map<number, TrainingPath>();
  for (const membership of memberships) {
    const catalog = catalogs.get(membership.cohortId);
    if (!catalog) continue;
    const { learningPath, cohort } = catalog;
    let path = paths.get(learningPath.id);
    if (!path) {
      path = { ...learningPath, cohorts: [] };
      paths.set(learningPath.id, path);
    }
    path.cohorts.push({ id: cohort.id, name: cohort.name, status: isMembershipActive(membership) ? 'ACTIVE' : 'INACTIVE' });
  }
  return [...paths.values()].sort((a, b) => a.id - b.id);
}

/** Every learning path with its cohorts (platform admins). */
async function listAllTrainingPaths(): Promise<TrainingPath[]> {
  const db = await getDb();
  const rows = await db
    .select({
      pathId: learningPaths.id,
      pathName: learningPaths.name,
      pathDescription: learningPaths.description,
      organizationId: organizations.id,
      organizationName: organizations.name,
      cohortId: cohorts.id,
      cohortName: cohorts.name,
      cohortStatus: cohorts.status,
    })
    .from(learningPaths)
    .innerJoin(organizations, eq(organizations.id, learningPaths.organizationId))
    .innerJoin(cohorts, eq(cohorts.learningPathId, learningPaths.id))
    .orderBy(asc(learningPaths.id), asc(cohorts.id));
  const paths = new Map<number, TrainingPath>();
  for (const row of rows) {
    let path = paths.get(row.pathId);
    if (!path) {
      path = { id: row.pathId, name: row.pathName, description: row.pathDescription, organization: { id: row.organizationId, name: row.organizationName }, cohorts: [] };
      paths.set(row.pathId, path);
    }
    path.cohorts.push({ id: row.cohortId, name: row.cohortName, status: row.cohortStatus });
  }
  return [...paths.values()];
}
