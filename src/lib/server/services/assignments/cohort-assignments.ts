/**
 * A cohort's assignments (`cohorts/{id}/content/assignments/`): those of its
 * program's courses with the cohort's due dates and how its students stand
 * (each student with `?students=true`). Its tutors and cohort admins move a
 * due date for the cohort; the lateness of what was already submitted is
 * recomputed, and the students' homework shows the new date at once.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { pageWindow, type Page } from '~/lib/shared/pagination';
import type { CohortAssignment } from '~/lib/shared/schemas/assignments';
import type { Caller } from '~/lib/server/access/permissions';
import { requireCohortAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { assignmentDueDates, assignments, courses } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import { findAssignmentRow, getMovedDueDates, type AssignmentRow } from './assignment-cache';
import { recomputeLateness } from './due-dates';
import { readRoster } from './roster';

async function describe(row: AssignmentRow, courseName: string, cohortId: number, programId: number, moved: ReadonlyMap<number, string>, withStudents: boolean): Promise<CohortAssignment> {
  const roster = await readRoster({ assignmentId: row.id, programId, anonymous: false, scope: { kind: 'cohorts', cohortIds: [cohortId] }, sort: 'name' });
  const own = row.dueAt?.toISOString() ?? null;
  return {
    assignment: { id: row.id, title: row.title, course: { id: row.courseId, name: courseName }, activityType: row.activityType, isCheckpoint: row.isCheckpoint, published: row.published },
    dueAt: moved.get(cohortId) ?? own,
    defaultDueAt: own,
    isMoved: moved.has(cohortId),
    counts: roster.counts,
    ...(withStudents && {
      students: roster.rows.map((student) => ({ student: student.student!, state: student.state, isLate: student.isLate, score: student.score })),
    }),
  };
}

/** A page of a cohort's assignments, soonest due first (its staff: tutors, cohort admins, platform admins). */
export async function listCohortAssignments(caller: Caller, cohortId: number, query: { page: number; students?: boolean }, requestUrl: string): Promise<Page<CohortAssignment>> {
  const cohort = await requireCohortAccess(caller, cohortId, 'manageDueDates');
  if (!cohort.programId) return toPage([], 0, query.page, requestUrl);
  const db = await getDb();
  const where = eq(courses.programId, cohort.programId);
  const { offset, limit } = pageWindow(query.page);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(assignments).innerJoin(courses, eq(courses.id, assignments.courseId)).where(where),
    db
      .select({ assignment: assignments, courseName: courses.name })
      .from(assignments)
      .innerJoin(courses, eq(courses.id, assignments.courseId))
      .where(where)
      .orderBy(sql`${assignments.dueAt} asc nulls last`, asc(assignments.id))
      .limit(limit)
      .offset(offset),
  ]);
  const moved = await getMovedDueDates(rows.map((row) => row.assignment.id));
  const items = [];
  for (const row of rows) items.push(await describe(row.assignment, row.courseName, cohortId, cohort.programId, moved.get(row.assignment.id) ?? new Map(), query.students ?? false));
  return toPage(items, total[0]?.value ?? 0, query.page, requestUrl);
}

/** Moves (or, with null, gives back) a cohort's due date for one of its program's assignments; answers it as the list shows it. */
export async function setCohortDueDate(caller: Caller, cohortId: number, assignmentId: number, dueAt: string | null): Promise<CohortAssignment> {
  const cohort = await requireCohortAccess(caller, cohortId, 'manageDueDates');
  const row = await findAssignmentRow(assignmentId);
  const db = await getDb();
  const [course] = row ? await db.select({ name: courses.name, programId: courses.programId }).from(courses).where(eq(courses.id, row.courseId)) : [];
  // Another program's assignment does not exist for this cohort.
  if (!row || !course || course.programId !== cohort.programId) throw new AppError('not_found');
  await db.transaction(async (tx) => {
    if (dueAt === null) {
      await tx.delete(assignmentDueDates).where(and(eq(assignmentDueDates.cohortId, cohortId), eq(assignmentDueDates.assignmentId, assignmentId)));
    } else {
      const values = { cohortId, assignmentId, dueAt: new Date(dueAt), updatedBy: caller.id, updatedAt: new Date() };
      await tx.insert(assignmentDueDates).values(values).onConflictDoUpdate({ target: [assignmentDueDates.cohortId, assignmentDueDates.assignmentId], set: values });
    }
    const rows = await tx.select().from(assignmentDueDates).where(eq(assignmentDueDates.assignmentId, assignmentId));
    await recomputeLateness(tx, row, new Map(rows.map((item) => [item.cohortId, item.dueAt.toISOString()])));
  });
  const moved = (await getMovedDueDates([assignmentId])).get(assignmentId) ?? new Map();
  return describe(row, course.name, cohortId, course.programId, moved, false);
}
