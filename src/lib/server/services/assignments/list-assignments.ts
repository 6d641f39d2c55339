/**
 * Lists of assignments: the API's (`assignments/?course=&program=&cohort=&is_checkpoint=`,
 * a program's checkpoints), a course's (its page), and a person's across
 * their courses (the Evaluations, Practice and Nivelations pages). Students
 * see the published assignments of the courses released to them, with their
 * due date and standing; staff every assignment of the courses they manage.
 */
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { ActivityType } from '~/lib/shared/quizzes';
import { pageWindow, type Page } from '~/lib/shared/pagination';
import type { Assignment, AssignmentListQuery } from '~/lib/shared/schemas/assignments';
import { isAdmin, requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseContentWithAccess, getProgramAccess, requireCohortAccess } from '~/lib/server/access/loaders';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { assignments, cohorts, courses } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';
import { getMovedDueDates, type AssignmentRow } from './assignment-cache';
import { readMyStates, toAssignment } from './assignment-views';
import { dueDateFor, studentCohortsOf } from './due-dates';

interface VisibleCourse {
  name: string;
  programId: number;
  role: 'staff' | 'student';
  /** A student's cohorts where the course is open to them (their due dates come from these). */
  cohortIds: number[];
}

/**
 * The courses whose assignments the caller sees, optionally narrowed to a
 * course, a program or a cohort: through their ACTIVE cohorts, or every
 * course for a platform admin when `platformWide` (the API's list).
 */
async function coursesVisibleTo(caller: Caller, filters: { course?: number; program?: number; cohort?: number }, platformWide: boolean): Promise<Map<number, VisibleCourse>> {
  const visible = new Map<number, VisibleCourse>();
  if (platformWide && isAdmin(caller)) {
    const db = await getDb();
    const conditions: SQL[] = [];
    if (filters.course) conditions.push(eq(courses.id, filters.course));
    if (filters.program) conditions.push(eq(courses.programId, filters.program));
    if (filters.cohort) conditions.push(sql`${courses.programId} = (select ${cohorts.programId} from ${cohorts} where ${cohorts.id} = ${filters.cohort})`);
    const rows = await db.select({ id: courses.id, name: courses.name, programId: courses.programId }).from(courses).where(and(...conditions));
    for (const row of rows) visible.set(row.id, { name: row.name, programId: row.programId, role: 'staff', cohortIds: [] });
    return visible;
  }
  const now = Date.now();
  for (const { catalog, roleId } of await listActiveCatalogsOf(caller.id)) {
    if (filters.cohort && catalog.cohort.id !== filters.cohort) continue;
    for (const course of catalog.courses) {
      if (filters.course && course.id !== filters.course) continue;
      if (filters.program && course.program.id !== filters.program) continue;
      const known = visible.get(course.id);
      if (roleId !== ROLE_IDS.student) {
        visible.set(course.id, { name: course.name, programId: course.program.id, role: 'staff', cohortIds: [] });
      } else if (course.releaseAt !== null && Date.parse(course.releaseAt) <= now && known?.role !== 'staff') {
        visible.set(course.id, { name: course.name, programId: course.program.id, role: 'student', cohortIds: [...(known?.cohortIds ?? []), catalog.cohort.id] });
      }
    }
  }
  return visible;
}

/** Which of the visible courses' assignments the caller sees: all of the staff's, the published ones of a student's. */
function visibleCondition(visible: Map<number, VisibleCourse>): SQL {
  const staff = [...visible].filter(([, course]) => course.role === 'staff').map(([id]) => id);
  const student = [...visible].filter(([, course]) => course.role === 'student').map(([id]) => id);
  return or(
    staff.length ? inArray(assignments.courseId, staff) : undefined,
    student.length ? and(inArray(assignments.courseId, student), eq(assignments.published, true)) : undefined,
    sql`false`,
  )!;
}

/** Rows as the API shows them to the caller: students with their due dates and standing. */
async function present(caller: Caller, rows: AssignmentRow[], visible: Map<number, VisibleCourse>): Promise<Assignment[]> {
  const moved = await getMovedDueDates(rows.map((row) => row.id));
  const studentRows = rows.filter((row) => visible.get(row.courseId)?.role === 'student');
  const dueOf = (row: AssignmentRow) => dueDateFor(row.dueAt, visible.get(row.courseId)?.cohortIds ?? [], moved.get(row.id) ?? new Map());
  const states = await readMyStates(caller.id, studentRows.map((row) => ({ row, dueAt: dueOf(row) })));
  return rows.map((row) => {
    const course = visible.get(row.courseId)!;
    const ref = { id: row.courseId, name: course.name };
    return course.role === 'student' ? toAssignment(row, ref, { dueAt: dueOf(row), mine: states.get(row.id) }) : toAssignment(row, ref);
  });
}

const soonestFirst = [sql`${assignments.dueAt} asc nulls last`, asc(assignments.id)];

/**
 * A page of the assignments the caller sees, soonest due first: filtered by
 * course, program or cohort (one the caller does not see is 404) and by
 * `is_checkpoint`.
 */
export async function listAssignments(caller: Caller, query: AssignmentListQuery, requestUrl: string): Promise<Page<Assignment>> {
  if (query.course) {
    const { course, access } = await findCourseContentWithAccess(caller, query.course);
    requireReadContent(access, course.status);
  }
  if (query.program && (await getProgramAccess(caller, query.program)) === 'none') throw new AppError('not_found');
  if (query.cohort) await requireCohortAccess(caller, query.cohort, 'view');
  const visible = await coursesVisibleTo(caller, query, true);
  if (visible.size === 0) return toPage([], 0, query.page, requestUrl);
  const where = and(visibleCondition(visible), query.is_checkpoint === undefined ? undefined : eq(assignments.isCheckpoint, query.is_checkpoint));
  const db = await getDb();
  const { offset, limit } = pageWindow(query.page);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(assignments).where(where),
    db.select().from(assignments).where(where).orderBy(...soonestFirst).limit(limit).offset(offset),
  ]);
  return toPage(await present(caller, rows, visible), total[0]?.value ?? 0, query.page, requestUrl);
}

export interface MyAssignment {
  assignment: Assignment;
  /** `student`: one they submit to; `staff`: one of a course they manage (drafts too). */
  role: 'student' | 'staff';
}

/**
 * Every assignment the caller sees (optionally of one type), soonest due
 * first: through their ACTIVE cohorts, or, with `courseId`, a course's (its
 * page: platform admins see every course's).
 */
export async function listMyAssignments(caller: Caller, options: { activityType?: ActivityType; courseId?: number } = {}): Promise<MyAssignment[]> {
  const visible = await coursesVisibleTo(caller, { course: options.courseId }, options.courseId !== undefined);
  if (visible.size === 0) return [];
  const db = await getDb();
  const rows = await db
    .select()
    .from(assignments)
    .where(and(visibleCondition(visible), options.activityType ? eq(assignments.activityType, options.activityType) : undefined))
    .orderBy(...soonestFirst)
    .limit(500);
  const presented = await present(caller, rows, visible);
  return presented.map((assignment) => ({ assignment, role: visible.get(assignment.courseId)!.role }));
}

/** Every assignment of a course (drafts too), by course id: its page lists them on every view. */
const courseAssignmentRows = defineCache<number, AssignmentRow[]>({
  ttlMs: 10 * 60_000,
  max: 10_000,
  invalidatedBy: { assignments: (keys) => idsOf(keys, 'course_id') },
});

/**
 * A course's assignments for its page, soonest due first: a student the
 * published ones with their due date and standing; its staff all of them.
 * The page checked that the caller reads the course.
 */
export async function listCourseAssignments(caller: Caller, courseId: number): Promise<MyAssignment[]> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  const rows = await courseAssignmentRows.getOrLoad(courseId, async () => {
    const db = await getDb();
    return db.select().from(assignments).where(eq(assignments.courseId, courseId)).orderBy(...soonestFirst);
  });
  const role = access === 'manage' ? 'staff' : 'student';
  const cohortIds = role === 'student' ? await studentCohortsOf(caller.id, course) : [];
  const visible = new Map([[courseId, { name: course.name, programId: course.programId, role, cohortIds } as VisibleCourse]]);
  const shown = role === 'staff' ? rows : rows.filter((row) => row.published);
  return (await present(caller, shown, visible)).map((assignment) => ({ assignment, role }));
}
