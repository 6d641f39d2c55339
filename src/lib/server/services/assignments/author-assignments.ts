/**
 * Assignments as their staff write them: create, read, change (a new due
 * date or late policy recomputes which submissions were late), delete while
 * nobody has submitted, and release or withdraw the grades.
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Assignment, CreateAssignmentBody, UpdateAssignmentBody } from '~/lib/shared/schemas/assignments';
import { requireManageContent, requireReadAssignment, attemptVisibleIn, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, findCourseWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { assignmentDueDates, assignments, feedbacks, submissions } from '~/lib/server/db/schema';
import type { AssignmentRow } from './assignment-cache';
import { readMyStates, toAssignment } from './assignment-views';
import { getStudentDueAt, recomputeLateness } from './due-dates';

/** The columns a create or update writes, from the API's fields. */
function columnsOf(body: Partial<Omit<CreateAssignmentBody, 'courseId' | 'idUser' | 'idTrainingPath'>>): Partial<typeof assignments.$inferInsert> {
  const { latePolicy, dueAt, ...rest } = body;
  return {
    ...(rest.title !== undefined && { title: rest.title }),
    ...(rest.instructions !== undefined && { instructions: rest.instructions }),
    ...(rest.activityType !== undefined && { activityType: rest.activityType }),
    ...(rest.isCheckpoint !== undefined && { isCheckpoint: rest.isCheckpoint }),
    ...(rest.maxScore !== undefined && { maxScore: rest.maxScore }),
    ...(rest.submissionTypes !== undefined && { submissionTypes: rest.submissionTypes }),
    ...(rest.allowedFileTypes !== undefined && { allowedFileTypes: rest.allowedFileTypes }),
    ...(rest.maxFileMb !== undefined && { maxFileMb: rest.maxFileMb }),
    ...(rest.published !== undefined && { published: rest.published }),
    ...(rest.anonymousGrading !== undefined && { anonymousGrading: rest.anonymousGrading }),
    ...(rest.gradeRelease !== undefined && { gradeRelease: rest.gradeRelease }),
    ...(dueAt !== undefined && { dueAt: dueAt ? new Date(dueAt) : null }),
    ...(latePolicy !== undefined && { latePolicy: latePolicy.mode, latePenaltyPercentPerDay: latePolicy.penaltyPercentPerDay }),
  };
}

/** How many submissions of an assignment the scope sees. */
async function countVisibleSubmissions(assignmentId: number, scope: Awaited<ReturnType<typeof getStudentWorkScope>>): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ value: count() })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), attemptVisibleIn(scope, submissions.userId)));
  return row?.value ?? 0;
}

/** An assignment for its staff: the row with the submissions they see counted. */
async function toStaffAssignment(caller: Caller, row: AssignmentRow, course: { id: number; name: string }): Promise<Assignment> {
  const scope = await getStudentWorkScope(caller, 'manage');
  return toAssignment(row, course, { submissionsCount: await countVisibleSubmissions(row.id, scope) });
}

/** Creates an assignment in a course (its staff). */
export async function createAssignment(caller: Caller, body: CreateAssignmentBody): Promise<Assignment> {
  const { course, access } = await findCourseWithAccess(caller, body.courseId);
  requireManageContent(access, course.status);
  const db = await getDb();
  const [row] = await db
    .insert(assignments)
    .values({ courseId: course.id, title: body.title, activityType: body.activityType, ...columnsOf(body) })
    .returning();
  return toStaffAssignment(caller, row!, course);
}

/** An assignment: staff see it with the submissions they see counted; a student (published ones only) with their due date and standing. */
export async function getAssignment(caller: Caller, assignmentId: number): Promise<Assignment> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireReadAssignment(access, assignment, course.status);
  if (access === 'manage') return toStaffAssignment(caller, assignment, course);
  const dueAt = await getStudentDueAt(caller.id, assignment, course);
  const mine = (await readMyStates(caller.id, [{ row: assignment, dueAt }])).get(assignment.id)!;
  return toAssignment(assignment, course, { dueAt, mine });
}

/** Changes an assignment (its staff); a new due date or late policy recomputes the lateness of what was submitted. */
export async function updateAssignment(caller: Caller, assignmentId: number, body: UpdateAssignmentBody): Promise<Assignment> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const changes = columnsOf(body);
  const anonymous = changes.anonymousGrading ?? assignment.anonymousGrading;
  const release = changes.gradeRelease ?? assignment.gradeRelease;
  if (anonymous && release === 'automatic') {
    throw new AppError('validation_failed', { fields: { gradeRelease: 'validation.assignments.anonymousNeedsManual' } });
  }
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(assignments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(assignments.id, assignmentId))
      .returning();
    if (!updated) throw new AppError('not_found');
    if (body.dueAt !== undefined || body.latePolicy !== undefined) {
      // Read in the transaction: on PGlite (one connection) a read through another connection would wait for it forever.
      const moved = await tx.select().from(assignmentDueDates).where(eq(assignmentDueDates.assignmentId, assignmentId));
      await recomputeLateness(tx, updated, new Map(moved.map((item) => [item.cohortId, item.dueAt.toISOString()])));
    }
    return updated;
  });
  return toStaffAssignment(caller, row, course);
}

/** Deletes an assignment nobody has submitted to (its staff); with submissions: 409 assignment_has_submissions (unpublish it instead). */
export async function deleteAssignment(caller: Caller, assignmentId: number): Promise<void> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: assignments.id }).from(assignments).where(eq(assignments.id, assignment.id)).for('update');
    if (!locked) throw new AppError('not_found');
    const [row] = await tx.select({ value: count() }).from(submissions).where(eq(submissions.assignmentId, assignment.id));
    const total = row?.value ?? 0;
    if (total > 0) throw new AppError('assignment_has_submissions', { params: { count: total } });
    await tx.delete(assignments).where(eq(assignments.id, assignment.id));
  });
}

/**
 * Releases an assignment's grades (its staff): students see their scores and
 * feedback, graders see names again on an anonymous assignment, and each
 * grade's feedback counts as unseen for its student from now. `released:
 * false` hides them again (feedback already released stays with its student).
 */
export async function setGradesReleased(caller: Caller, assignmentId: number, released: boolean): Promise<Assignment> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(assignments)
      .set({ gradesReleasedAt: released ? (assignment.gradesReleasedAt ?? now) : null, updatedAt: now })
      .where(eq(assignments.id, assignmentId))
      .returning();
    if (released) {
      await tx
        .update(feedbacks)
        .set({ releasedAt: now })
        .where(
          and(
            eq(feedbacks.fromGrade, true),
            isNull(feedbacks.releasedAt),
            inArray(feedbacks.submissionId, tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.assignmentId, assignmentId))),
          ),
        );
    }
    return updated!;
  });
  return toStaffAssignment(caller, row, course);
}
