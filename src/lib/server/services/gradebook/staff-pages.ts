/**
 * What the staff's gradebook screens read (issue 31): a cohort's gradebook
 * page (its courses to switch between, the course's gradebook or why there
 * is none yet, the names of whoever overrode a grade), its approvals page,
 * and the at-risk counts of the dashboards. Every figure comes from the one
 * computation (compute-cohort-grades.ts), as the API's do.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Translate } from '~/i18n';
import { AppError, isAppError } from '~/lib/shared/errors';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { ApprovalState } from '~/lib/shared/gradebook';
import type { Gradebook } from '~/lib/shared/schemas/gradebook';
import { isAdmin, isMembershipActive, type Caller } from '~/lib/server/access/permission-basics';
import { getDb } from '~/lib/server/db/client';
import { cohortCourses, cohorts, courses, users } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { listApprovals } from './approvals';
import { countAtRisk } from './at-risk-cache';
import { computeGradesForStaff, gradebookOf, requireGradedCourse } from './gradebook';

export interface CohortHeading {
  id: number;
  name: string;
  courses: { id: number; name: string }[];
}

export type GradebookPageBody =
  | { kind: 'gradebook'; gradebook: Gradebook; overriddenBy: Record<number, string> }
  /** The course's categories do not add up to 100 yet (the API's 400 grade_weights_incomplete). */
  | { kind: 'weights_incomplete'; total: number }
  | { kind: 'no_courses' };

export interface GradebookPage {
  cohort: CohortHeading;
  courseId: number | null;
  body: GradebookPageBody;
  /** Platform admins fix a course's categories themselves (the admin course page). */
  canEditCourses: boolean;
}

/** A cohort's name and its courses in order (404 for an unknown cohort). */
async function readCohortHeading(cohortId: number): Promise<CohortHeading> {
  const db = await getDb();
  const [cohort] = await db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!cohort) throw new AppError('not_found');
  const list = await db
    .select({ id: courses.id, name: courses.name })
    .from(cohortCourses)
    .innerJoin(courses, eq(courses.id, cohortCourses.courseId))
    .where(eq(cohortCourses.cohortId, cohortId))
    .orderBy(asc(courses.position), asc(courses.id));
  const seen = new Set<number>();
  return { ...cohort, courses: list.filter((course) => !seen.has(course.id) && seen.add(course.id)) };
}

/** The names of whoever changed a grade, by user id. */
async function readNames(ids: number[]): Promise<Record<number, string>> {
  if (ids.length === 0) return {};
  const db = await getDb();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
}

/**
 * A cohort's gradebook page for its staff (403 for its students, 404 for
 * anyone else): the course asked for, else the cohort's first; a course of
 * another cohort is "not found".
 */
export async function getGradebookPage(caller: Caller, cohortId: number, courseId: number | null, t: Translate): Promise<GradebookPage> {
  const grades = await computeGradesForStaff(caller, cohortId);
  const cohort = await readCohortHeading(cohortId);
  const chosen = courseId ?? cohort.courses[0]?.id ?? null;
  const page = { cohort, courseId: chosen, canEditCourses: isAdmin(caller) };
  if (chosen === null) return { ...page, body: { kind: 'no_courses' } };
  if (!cohort.courses.some((course) => course.id === chosen)) throw new AppError('not_found');
  try {
    const gradebook = gradebookOf(grades, requireGradedCourse(grades, chosen), t);
    const changers = [...new Set(gradebook.rows.flatMap((row) => (row.override?.changedBy != null ? [row.override.changedBy] : [])))];
    return { ...page, body: { kind: 'gradebook', gradebook, overriddenBy: await readNames([...changers, caller.id]) } };
  } catch (error) {
    if (isAppError(error) && error.code === 'grade_weights_incomplete') return { ...page, body: { kind: 'weights_incomplete', total: Number(error.params.total ?? 0) } };
    throw error;
  }
}

/** A cohort's approvals page for its staff: the list of the API (same permissions) and the cohort's name and courses. */
export async function getApprovalsPage(caller: Caller, cohortId: number, t: Translate) {
  const approvals = await listApprovals(caller, cohortId, t);
  return { cohort: await readCohortHeading(cohortId), ...approvals };
}

export interface CohortAtRisk {
  cohortId: number;
  name: string;
  /** Students of the cohort whose approval state is `at_risk` now. */
  atRisk: number;
  /** The course its gradebook opens on (null: the cohort has no course). */
  firstCourseId: number | null;
}

/**
 * The ACTIVE cohorts whose gradebook the caller reads (a tutor's and cohort
 * admin's own, every one for a platform admin), each with how many of its
 * students are at risk of not approving; `onlyCohortId` narrows it to one.
 * Each cohort's count is computed once and kept until its inputs change (at-risk-cache.ts).
 */
export async function listCohortsAtRisk(caller: Caller, onlyCohortId?: number): Promise<CohortAtRisk[]> {
  const db = await getDb();
  let ids: number[];
  if (isAdmin(caller)) {
    ids = (await db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.status, 'ACTIVE'))).map((row) => row.id);
  } else {
    const staffRoles: number[] = [ROLE_IDS.tutor, ROLE_IDS.cohortAdmin];
    ids = (await listMembershipsOf(caller.id)).filter((membership) => isMembershipActive(membership) && staffRoles.includes(membership.roleId)).map((membership) => membership.cohortId);
  }
  if (onlyCohortId !== undefined) ids = ids.filter((id) => id === onlyCohortId);
  if (ids.length === 0) return [];
  const rows = await db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).where(and(inArray(cohorts.id, ids), eq(cohorts.status, 'ACTIVE'))).orderBy(asc(cohorts.name), asc(cohorts.id));
  const firstCourses = await db
    .select({ cohortId: cohortCourses.cohortId, courseId: courses.id })
    .from(cohortCourses)
    .innerJoin(courses, eq(courses.id, cohortCourses.courseId))
    .where(inArray(cohortCourses.cohortId, ids))
    .orderBy(asc(courses.position), asc(courses.id));
  const firstOf = new Map<number, number>();
  for (const row of firstCourses) if (!firstOf.has(row.cohortId)) firstOf.set(row.cohortId, row.courseId);
  const result: CohortAtRisk[] = [];
  for (const row of rows) {
    result.push({ cohortId: row.id, name: row.name, atRisk: await countAtRisk(db, row.id), firstCourseId: firstOf.get(row.id) ?? null });
  }
  return result;
}

/** How many students are in each approval state. */
export function countByState(rows: readonly { state: ApprovalState }[]): Record<ApprovalState, number> {
  const counts: Record<ApprovalState, number> = { approved: 0, in_progress: 0, at_risk: 0, not_approved: 0 };
  for (const row of rows) counts[row.state]++;
  return counts;
}

/** A staff page's data, or why the caller may not see it: `forbidden` (a student of the cohort, 403) or `not_found` (anyone else, 404). */
export async function readStaffPage<T>(load: Promise<T> | null): Promise<{ page: T; refusal: null } | { page: null; refusal: 'forbidden' | 'not_found' }> {
  if (!load) return { page: null, refusal: 'not_found' };
  try {
    return { page: await load, refusal: null };
  } catch (error) {
    if (isAppError(error) && (error.code === 'forbidden' || error.code === 'not_found')) return { page: null, refusal: error.code };
    throw error;
  }
}
