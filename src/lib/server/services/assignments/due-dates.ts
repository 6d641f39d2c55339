/**
 * Due dates: an assignment has its own, and a cohort may move it for its
 * students (assignment_due_dates). A student held to several cohorts' dates
 * (rare: two cohorts of one program) gets the latest of them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { lateDaysOf, penaltyPercentOf } from '~/lib/shared/assignments';
import type { Tx } from '~/lib/server/db/client';
import { cohorts, courses, memberships, submissions } from '~/lib/server/db/schema';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';
import { getMovedDueDates, type AssignmentRow } from './assignment-cache';

/**
 * A student's due date from the cohorts they take the course in: each
 * cohort's (moved, or the assignment's own), the latest of them; undated
 * when any of them is; the assignment's own when no cohort is known.
 */
export function dueDateFor(ownDueAt: Date | null, cohortIds: readonly number[], moved: ReadonlyMap<number, string>): string | null {
  if (cohortIds.length === 0) return ownDueAt?.toISOString() ?? null;
  const dates = cohortIds.map((cohortId) => moved.get(cohortId) ?? ownDueAt?.toISOString() ?? null);
  if (dates.some((date) => date === null)) return null;
  return dates.reduce((latest, date) => (Date.parse(date!) > Date.parse(latest!) ? date : latest))!;
}

/** The ACTIVE cohorts where a user is a student of a course's program with the course released to them now. */
export async function studentCohortsOf(userId: number, course: { id: number; programId: number }, now = Date.now()): Promise<number[]> {
  return (await listActiveCatalogsOf(userId))
    .filter(({ catalog, roleId }) => roleId === ROLE_IDS.student && catalog.cohort.programId === course.programId)
    .filter(({ catalog }) => catalog.courses.some((item) => item.id === course.id && item.releaseAt !== null && Date.parse(item.releaseAt) <= now))
    .map(({ catalog }) => catalog.cohort.id);
}

/** A student's due date for an assignment (their cohorts' moved dates applied). */
export async function getStudentDueAt(userId: number, assignment: AssignmentRow, course: { id: number; programId: number }): Promise<string | null> {
  const [cohortIds, moved] = await Promise.all([studentCohortsOf(userId, course), getMovedDueDates([assignment.id])]);
  return dueDateFor(assignment.dueAt, cohortIds, moved.get(assignment.id) ?? new Map());
}

/** Whether a submission is accepted at `now`: on time, undated, or the late policy takes late work. */
export const acceptsSubmissionAt = (assignment: Pick<AssignmentRow, 'latePolicy'>, dueAt: string | null, now = Date.now()): boolean =>
  assignment.latePolicy !== 'refuse' || dueAt === null || now <= Date.parse(dueAt);

/** The lateness of a submission that arrives at `submittedAt` for a student due at `dueAt`, under the assignment's policy. */
export function latenessOf(assignment: Pick<AssignmentRow, 'latePolicy' | 'latePenaltyPercentPerDay'>, submittedAt: Date, dueAt: string | null) {
  const lateDays = lateDaysOf(submittedAt, dueAt);
  return {
    status: lateDays > 0 ? ('late' as const) : ('submitted' as const),
    lateDays,
    penaltyPercent: assignment.latePolicy === 'penalize' ? penaltyPercentOf(lateDays, assignment.latePenaltyPercentPerDay) : 0,
  };
}

/** The cohorts of a course's program each user is an ACTIVE student of (inside a transaction: what a recalculation reads). */
async function studentCohortsByUser(tx: Tx, programId: number, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (userIds.length === 0) return found;
  const rows = await tx
    .select({ userId: memberships.userId, cohortId: memberships.cohortId })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .where(
      and(
        inArray(memberships.userId, [...userIds]),
        eq(memberships.roleId, ROLE_IDS.student),
        eq(memberships.status, 'ACTIVE'),
        eq(cohorts.status, 'ACTIVE'),
        eq(cohorts.programId, programId),
      ),
    );
  for (const row of rows) found.set(row.userId, [...(found.get(row.userId) ?? []), row.cohortId]);
  return found;
}

/**
 * Recomputes whether each submission of an assignment was late, and its
 * penalty, after its due dates or late policy changed (a tutor who extends
 * the date un-lates the work that now arrived in time). Grades stay.
 */
export async function recomputeLateness(tx: Tx, assignment: AssignmentRow, moved: ReadonlyMap<number, string>): Promise<void> {
  const rows = await tx
    .select({ id: submissions.id, userId: submissions.userId, submittedAt: submissions.submittedAt })
    .from(submissions)
    .where(eq(submissions.assignmentId, assignment.id));
  if (rows.length === 0) return;
  const [course] = await tx.select({ programId: courses.programId }).from(courses).where(eq(courses.id, assignment.courseId));
  const cohortsOf = await studentCohortsByUser(tx, course!.programId, [...new Set(rows.map((row) => row.userId))]);
  const updates = rows.map((row) => {
    const dueAt = dueDateFor(assignment.dueAt, cohortsOf.get(row.userId) ?? [], moved);
    return { id: row.id, dueAt, ...latenessOf(assignment, row.submittedAt, dueAt) };
  });
  // One statement per chunk: an assignment of a large cohort has thousands of submissions.
  for (let start = 0; start < updates.length; start += UPDATE_CHUNK) {
    const chunk = updates.slice(start, start + UPDATE_CHUNK);
    const literal = (values: (string | number | null)[]) => `{${values.map((value) => (value === null ? 'NULL' : `"${value}"`)).join(',')}}`;
    await tx.execute(sql`update ${submissions} set status = v.status, late_days = v.late_days, penalty_percent = v.penalty, due_at = v.due_at
      from unnest(${literal(chunk.map((item) => item.id))}::int[], ${literal(chunk.map((item) => item.status))}::text[],
        ${literal(chunk.map((item) => item.lateDays))}::int[], ${literal(chunk.map((item) => item.penaltyPercent))}::float8[],
        ${literal(chunk.map((item) => item.dueAt))}::timestamptz[]) as v(id, status, late_days, penalty, due_at)
      where ${submissions.id} = v.id`);
  }
}

const UPDATE_CHUNK = 2000;
