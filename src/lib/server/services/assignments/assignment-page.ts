/**
 * What an assignment's page shows: the assignment as the caller sees it,
 * its course, and for a student their whole history on it (each grade and
 * feedback once released). The feedback a student sees here counts as read.
 */
import type { Assignment, Submission } from '~/lib/shared/schemas/assignments';
import { AppError } from '~/lib/shared/errors';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { canManageContent, requireManageContent, requireReadAssignment, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, findCourseContentWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { cohorts } from '~/lib/server/db/schema';
import { readCourseLessons } from '~/lib/server/services/content/lessons';
import { renderMarkdown } from '~/lib/server/markdown/render-markdown';
import { getAssignment } from './author-assignments';
import { markSubmissionFeedbackSeen } from './feedbacks';
import { readOwnSubmissions } from './submissions';

export interface AssignmentPage {
  role: 'student' | 'staff';
  assignment: Assignment;
  course: { id: number; name: string };
  /** The instructions as safe HTML. */
  instructionsHtml: string;
  /** A student's submissions, newest first, each feedback as safe HTML; `newFeedback`: not read before this view. */
  history: (Submission & { feedbackHtml: string | null; newFeedback: boolean })[];
}

export async function getAssignmentPage(caller: Caller, assignmentId: number): Promise<AssignmentPage> {
  const { assignment: row, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireReadAssignment(access, row, course.status);
  const assignment = await getAssignment(caller, assignmentId);
  const role = access === 'manage' ? 'staff' : 'student';
  const own = role === 'student' ? await readOwnSubmissions(caller.id, row) : [];
  const fresh = await markSubmissionFeedbackSeen(caller.id, own.filter((item) => item.feedback !== null).map((item) => item.id));
  return {
    role,
    assignment,
    course: { id: course.id, name: course.name },
    instructionsHtml: renderMarkdown(assignment.instructions),
    history: own.map((item) => ({ ...item, feedbackHtml: item.feedback ? renderMarkdown(item.feedback) : null, newFeedback: fresh.has(item.id) })),
  };
}

/** A course its staff may add assignments to (the new-assignment page); anyone else finds nothing. */
export async function getCourseForAuthoring(caller: Caller, courseId: number): Promise<{ id: number; name: string }> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  if (!canManageContent(access)) throw new AppError('not_found');
  return { id: course.id, name: course.name };
}

/** Whether the caller adds assignments to a course (the course page's "New assignment" link). */
export async function canAuthorAssignments(caller: Caller, courseId: number): Promise<boolean> {
  const { access } = await findCourseContentWithAccess(caller, courseId);
  return canManageContent(access);
}

/** What the grading view offers beside the list: the cohorts to filter by (those whose students the caller grades) and the course's lessons (to write a student a comment on one). */
export interface GradingChoices {
  cohorts: { id: number; name: string }[];
  lessons: { id: number; title: string }[];
}

/** The grading view's cohorts and lessons (staff of the assignment; anyone else finds nothing). */
export async function getGradingChoices(caller: Caller, assignmentId: number): Promise<GradingChoices> {
  const { course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const scope = await getStudentWorkScope(caller, access);
  if (scope.kind === 'own' || (scope.kind === 'cohorts' && scope.cohortIds.length === 0)) return { cohorts: [], lessons: [] };
  const db = await getDb();
  const inProgram = and(eq(cohorts.programId, course.programId), eq(cohorts.status, 'ACTIVE'));
  const [cohortRows, lessonRows] = await Promise.all([
    db
      .select({ id: cohorts.id, name: cohorts.name })
      .from(cohorts)
      .where(scope.kind === 'all' ? inProgram : and(inProgram, inArray(cohorts.id, scope.cohortIds)))
      .orderBy(asc(cohorts.name), asc(cohorts.id)),
    readCourseLessons(course.id),
  ]);
  return { cohorts: cohortRows, lessons: lessonRows.filter((lesson) => lesson.status === 'ACTIVE' && lesson.publishedAt !== null).map((lesson) => ({ id: lesson.id, title: lesson.title })) };
}
