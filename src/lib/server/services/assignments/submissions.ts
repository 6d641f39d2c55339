/**
 * Reading submissions: a student's own history on an assignment; for its
 * graders, the list of their students (a page, or the whole grading list)
 * and one submission with the student's history. Names are hidden while an
 * anonymous assignment's grades are not released.
 */
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { isAnonymousNow, isGradeVisible } from '~/lib/shared/assignments';
import { pageWindow, type Page } from '~/lib/shared/pagination';
import type { Roster, RosterQuery, RosterRow, StudentRef, Submission, SubmissionDetail } from '~/lib/shared/schemas/assignments';
import { requireManageContent, requireReadAssignment, attemptVisibleIn, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { submissions, users } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import type { AssignmentRow } from './assignment-cache';
import { releaseOf, toAssignment } from './assignment-views';
import { readAnonymousNumbers, readRoster } from './roster';
import { readFilesOf, toStaffSubmission, toSubmission } from './submission-views';

export const isAnonymousRow = (row: AssignmentRow): boolean => isAnonymousNow({ anonymousGrading: row.anonymousGrading, gradesReleasedAt: row.gradesReleasedAt?.toISOString() ?? null });

/** A student's own submissions to an assignment, newest first (a page). */
async function listOwnSubmissions(userId: number, assignment: AssignmentRow, page: number, requestUrl: string): Promise<Page<Submission>> {
  const db = await getDb();
  const where = and(eq(submissions.assignmentId, assignment.id), eq(submissions.userId, userId));
  const { offset, limit } = pageWindow(page);
  const [all, rows] = await Promise.all([
    db.$count(submissions, where),
    db.select().from(submissions).where(where).orderBy(desc(submissions.number)).limit(limit).offset(offset),
  ]);
  const files = await readFilesOf(rows.map((row) => row.id));
  const visible = isGradeVisible(releaseOf(assignment));
  return toPage(rows.map((row) => toSubmission(row, files.get(row.id)!, visible)), all, page, requestUrl);
}

/** Every submission a student sent to an assignment, newest first (their page shows the whole history). */
export async function readOwnSubmissions(userId: number, assignment: AssignmentRow): Promise<Submission[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.userId, userId)))
    .orderBy(desc(submissions.number))
    .limit(200);
  const files = await readFilesOf(rows.map((row) => row.id));
  const visible = isGradeVisible(releaseOf(assignment));
  return rows.map((row) => toSubmission(row, files.get(row.id)!, visible));
}

/**
 * `GET assignments/{id}/submissions/`: a student's own submissions (newest
 * first); for graders, a page of their students with their state and latest
 * submission (filters: cohort, status, search; sort).
 */
export async function listSubmissions(caller: Caller, assignmentId: number, query: RosterQuery & { page: number }, requestUrl: string): Promise<Page<Submission> | Page<RosterRow>> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireReadAssignment(access, assignment, course.status);
  if (access !== 'manage') return listOwnSubmissions(caller.id, assignment, query.page, requestUrl);
  const scope = await getStudentWorkScope(caller, access);
  const { offset, limit } = pageWindow(query.page);
  const roster = await readRoster({ ...query, assignmentId, programId: course.programId, anonymous: isAnonymousRow(assignment), scope, cohortId: query.cohort, limit, offset });
  return toPage(roster.rows, roster.matching, query.page, requestUrl);
}

/** The whole grading list of an assignment for its graders (every student they see, filtered and sorted), with the counts by state. */
export async function getRoster(caller: Caller, assignmentId: number, query: RosterQuery): Promise<Roster> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const scope = await getStudentWorkScope(caller, access);
  const roster = await readRoster({ ...query, assignmentId, programId: course.programId, anonymous: isAnonymousRow(assignment), scope, cohortId: query.cohort });
  return { rows: roster.rows, counts: roster.counts };
}

/**
 * A submission with its student's whole history on the assignment (newest
 * first), for the assignment's graders who see that student; anyone else
 * finds nothing (404), a student of the course is refused (403).
 */
export async function getSubmissionDetail(caller: Caller, submissionId: number): Promise<SubmissionDetail> {
  const db = await getDb();
  const [found] = await db.select({ assignmentId: submissions.assignmentId }).from(submissions).where(eq(submissions.id, submissionId));
  if (!found) throw new AppError('not_found');
  const { assignment, course, access } = await findAssignmentWithAccess(caller, found.assignmentId);
  requireReadAssignment(access, assignment, course.status);
  requireManageContent(access, course.status);
  const scope = await getStudentWorkScope(caller, access);
  const [row] = await db
    .select({ submission: submissions, student: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(submissions.id, submissionId), attemptVisibleIn(scope, submissions.userId)));
  if (!row) throw new AppError('not_found');
  const history = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.userId, row.submission.userId)))
    .orderBy(desc(submissions.number));
  const files = await readFilesOf(history.map((item) => item.id));
  const numbers = await readAnonymousNumbers(assignment.id, course.programId, [row.submission.userId]);
  const who = { student: isAnonymousRow(assignment) ? null : (row.student as StudentRef), anonymousNumber: numbers.get(row.submission.userId) ?? 0 };
  return {
    submission: toStaffSubmission(row.submission, files.get(row.submission.id)!, who),
    history: history.map((item) => toStaffSubmission(item, files.get(item.id)!, who)),
    assignment: toAssignment(assignment, course),
  };
}
