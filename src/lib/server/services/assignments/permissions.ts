/** Who sees and submits assignments, whose work a caller sees, and who writes feedback (collected by access/permissions.ts). */
import type { RecordStatus } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { canReadContent, requireReadContent, type ContentAccess } from '~/lib/server/services/content/permissions';
import type { AttemptScope } from '~/lib/server/services/quizzes/permissions';

/**
 * Readers of a released course (its students) see its published assignments
 * and submit to them; managers see every assignment and grade it. An
 * assignment that is not published does not exist for readers (404).
 */
export function canReadAssignment(access: ContentAccess, assignment: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): boolean {
  return canReadContent(access, courseStatus) && (access === 'manage' || assignment.published);
}

/** Throws 404 unless the caller may see the assignment (canReadAssignment). */
export function requireReadAssignment(access: ContentAccess, assignment: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): void {
  if (!canReadAssignment(access, assignment, courseStatus)) throw new AppError('not_found');
}

/** Only readers submit (staff grade, and their work never mixes with the students'): anyone who cannot read the course 404, a manager 403. */
export function requireSubmitAssignment(access: ContentAccess, courseStatus: RecordStatus = 'ACTIVE'): void {
  requireReadContent(access, courseStatus);
  if (access !== 'read') throw new AppError('forbidden');
}

/** Whether a student's work (a submission, a file of it) is visible in the scope, given the cohorts the student studies in. */
export function canSeeStudentWork(scope: AttemptScope, studentId: number, studentCohortIds: readonly number[]): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'cohorts':
      return studentCohortIds.some((id) => scope.cohortIds.includes(id));
    case 'own':
      return scope.userId === studentId;
  }
}

/**
 * Feedback: a student reads and marks as seen their own; staff write it to a
 * student whose work they see (attemptScopeOf), about a submission, a
 * quiz attempt or a lesson of a course they manage, and read what they see.
 */
export function requireWriteFeedback(access: ContentAccess): void {
  if (access !== 'manage') throw new AppError(access === 'read' ? 'forbidden' : 'not_found');
}
