import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { CourseSummary, Homework, TrainingPath } from '~/lib/shared/schemas/app-shell';
import { activeMembershipOf, canSeeCohortCourse, isAdmin, isMembershipActive, type Caller } from '~/lib/server/access/permissions';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { assignmentDueDates, assignments, cohortCourses, cohorts, courses, learningPaths, memberships, organizations, submissions } from '~/lib/server/db/schema';
import { getCohortCatalogs, listActiveCatalogsOf } from './cohort-catalog';
import { dueDateFor } from './assignments/due-dates';
import { listMembershipsOf } from './memberships';

const HOMEWORK_LIMIT = 50;
/** Rows read per student at most (paths × cohorts × assignments): far above any real program. */
const HOMEWORK_READ_LIMIT = 2000;

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
 * The course after this one in the user's cohort (the program's order) that
 * is open to them now: where the last lesson of a course leads. Null when
 * this course is the cohort's last open one.
 */
export async function findNextCourse(caller: Caller, courseId: number, now = Date.now()): Promise<{ id: number; name: string } | null> {
  const courses = await listCoursesForUser(caller.id);
  const current = courses.find((course) => course.id === courseId);
  if (!current) return null;
  const after = courses
    .filter((course) => course.cohort.id === current.cohort.id && course.position > current.position && course.releaseAt !== null && Date.parse(course.releaseAt) <= now)
    .sort((a, b) => a.position - b.position)[0];
  return after ? { id: after.id, name: after.name } : null;
}

interface HomeworkEntry extends Homework {
  learningPathId: number;
  latePolicy: 'accept' | 'penalize' | 'refuse';
}

/**
 * Homework by student: every training path's pending assignments. A
 * student's submission or membership drops their entry; a change to
 * assignments, due dates, releases, courses or cohorts (rare, by staff)
 * drops them all. Dates are compared when read, within a minute.
 */
const homeworkLists = defineCache<number, HomeworkEntry[]>({
  ttlMs: 60_000,
  max: 20_000,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (list) => 128 + list.reduce((sum, item) => sum + 256 + (item.title.length + item.description.length + item.course.name.length) * 2, 0),
  invalidatedBy: {
    assignments: () => 'all',
    assignment_due_dates: () => 'all',
    submissions: (keys) => idsOf(keys, 'user_id'),
    cohort_courses: () => 'all',
    courses: () => 'all',
    memberships: (keys) => idsOf(keys, 'user_id'),
    cohorts: () => 'all',
  },
});

/**
 * A student's pending assignments in a training path, soonest due first
 * (their cohort's due dates applied): published, in a course open to them,
 * not submitted yet, and still accepted (past its date under `refuse`, there
 * is nothing left to do). Cached, see above.
 */
export async function listHomework(userId: number, trainingPathId: number): Promise<Homework[]> {
  const entries = await homeworkLists.getOrLoad(userId, () => readHomework(userId));
  const now = Date.now();
  return entries
    .filter((entry) => entry.learningPathId === trainingPathId)
    .filter((entry) => entry.latePolicy !== 'refuse' || !entry.dueAt || Date.parse(entry.dueAt) >= now)
    .slice(0, HOMEWORK_LIMIT)
    .map(({ learningPathId: _path, latePolicy: _policy, ...item }) => item);
}

async function readHomework(userId: number): Promise<HomeworkEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: assignments.id,
      title: assignments.title,
      description: assignments.instructions,
      activityType: assignments.activityType,
      ownDueAt: assignments.dueAt,
      movedDueAt: assignmentDueDates.dueAt,
      isCheckpoint: assignments.isCheckpoint,
      latePolicy: assignments.latePolicy,
      courseId: courses.id,
      courseName: courses.name,
      cohortId: cohorts.id,
      learningPathId: cohorts.learningPathId,
    })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .innerJoin(courses, eq(courses.programId, cohorts.programId))
    // Only courses already open to the student's cohort have homework.
    .innerJoin(cohortCourses, and(eq(cohortCourses.cohortId, cohorts.id), eq(cohortCourses.courseId, courses.id), lte(cohortCourses.releaseAt, sql`now()`)))
    .innerJoin(assignments, and(eq(assignments.courseId, courses.id), eq(assignments.published, true)))
    .leftJoin(assignmentDueDates, and(eq(assignmentDueDates.assignmentId, assignments.id), eq(assignmentDueDates.cohortId, cohorts.id)))
    .where(
      and(
        activeMembershipOf(userId),
        eq(memberships.roleId, ROLE_IDS.student),
        eq(courses.status, 'ACTIVE'),
        sql`not exists (select 1 from ${submissions} where ${submissions.assignmentId} = ${assignments.id} and ${submissions.userId} = ${userId})`,
      ),
    )
    .orderBy(asc(assignments.id))
    .limit(HOMEWORK_READ_LIMIT);
  // One entry per path and assignment; a student in two cohorts of one path gets the later due date (dueDateFor).
  const entries = new Map<string, { row: (typeof rows)[number]; cohortIds: number[]; moved: Map<number, string> }>();
  for (const row of rows) {
    const key = `${row.learningPathId}:${row.id}`;
    const entry = entries.get(key) ?? { row, cohortIds: [] as number[], moved: new Map<number, string>() };
    entry.cohortIds.push(row.cohortId);
    if (row.movedDueAt) entry.moved.set(row.cohortId, row.movedDueAt.toISOString());
    entries.set(key, entry);
  }
  const dueOf = (item: { dueAt: string | null }) => (item.dueAt ? Date.parse(item.dueAt) : Number.POSITIVE_INFINITY);
  return [...entries.values()]
    .map(({ row, cohortIds, moved }) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      activityType: row.activityType,
      dueAt: dueDateFor(row.ownDueAt, cohortIds, moved),
      isCheckpoint: row.isCheckpoint,
      course: { id: row.courseId, name: row.courseName },
      learningPathId: row.learningPathId,
      latePolicy: row.latePolicy,
    }))
    .sort((a, b) => dueOf(a) - dueOf(b) || a.id - b.id);
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
