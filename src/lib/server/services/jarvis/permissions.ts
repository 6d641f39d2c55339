/** Whom a caller may ask the study assistant about, and who audits it (collected by access/permissions.ts). */
import { AppError } from '~/lib/shared/errors';
import { isAdmin, managedCohortIdsOf, type Caller, type Membership } from '~/lib/server/access/permission-basics';

/**
 * Whose study feedback a caller may ask for: a student their own; a tutor or
 * cohort admin a student of an ACTIVE cohort they manage (`studentCohortIds`:
 * the student's ACTIVE student memberships); a platform admin anyone's. For
 * everyone else the student does not exist (404).
 */
export function canAskAboutStudent(caller: Caller | null, studentId: number, callerMemberships: readonly Membership[], studentCohortIds: readonly number[]): boolean {
  if (!caller) return false;
  if (caller.id === studentId || isAdmin(caller)) return true;
  const managed = managedCohortIdsOf(callerMemberships);
  return studentCohortIds.some((cohortId) => managed.includes(cohortId));
}

/** Throws 404 unless the caller may ask about the student (canAskAboutStudent). */
export function requireAskAboutStudent(caller: Caller | null, studentId: number, callerMemberships: readonly Membership[], studentCohortIds: readonly number[]): void {
  if (!canAskAboutStudent(caller, studentId, callerMemberships, studentCohortIds)) throw new AppError('not_found');
}

/** The AI policy's acceptances and the assistant's audit log (list, purge): platform admins. */
export function canAuditJarvis(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may audit the assistant (canAuditJarvis). */
export function requireAuditJarvis(caller: Caller | null): void {
  if (!canAuditJarvis(caller)) throw new AppError('forbidden');
}
