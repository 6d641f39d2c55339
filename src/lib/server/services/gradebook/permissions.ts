/** Who reads a cohort's gradebook and approvals, who overrides a grade and who sets the approval rules (collected by access/permissions.ts). */
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { isAdmin, type Caller } from '~/lib/server/access/permission-basics';

/** Tutors, cohort admins and platform admins read a cohort's gradebook and approvals, and override its course grades (with a reason, audited). */
export function canReadGradebook(caller: Caller | null, cohortRoleId: RoleId | null): boolean {
  if (!caller) return false;
  return isAdmin(caller) || cohortRoleId === ROLE_IDS.tutor || cohortRoleId === ROLE_IDS.cohortAdmin;
}

/** Throws 404 for anyone outside the cohort (another cohort does not exist for them), 403 for its students. */
export function requireReadGradebook(caller: Caller | null, cohortRoleId: RoleId | null): void {
  if (canReadGradebook(caller, cohortRoleId)) return;
  throw new AppError(cohortRoleId === null ? 'not_found' : 'forbidden');
}

/** A cohort's approval rule: read by its members (students see what they are held to), set by its cohort admins and platform admins. */
export function canSetCohortApprovalRule(caller: Caller | null, cohortRoleId: RoleId | null): boolean {
  if (!caller) return false;
  return isAdmin(caller) || cohortRoleId === ROLE_IDS.cohortAdmin;
}

/** Throws 404 outside the cohort, 403 for its students and tutors. */
export function requireSetCohortApprovalRule(caller: Caller | null, cohortRoleId: RoleId | null): void {
  if (canSetCohortApprovalRule(caller, cohortRoleId)) return;
  throw new AppError(cohortRoleId === null ? 'not_found' : 'forbidden');
}

/** A cohort's members read its rule; everyone else finds no cohort (404). */
export function requireReadCohortApprovalRule(caller: Caller | null, cohortRoleId: RoleId | null): void {
  if (caller && (isAdmin(caller) || cohortRoleId !== null)) return;
  throw new AppError('not_found');
}

/** A program's approval rule and pass mark are set by platform admins (like the program itself). */
export function canSetProgramApprovalRule(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may set a program's approval rule. */
export function requireSetProgramApprovalRule(caller: Caller | null): void {
  if (!canSetProgramApprovalRule(caller)) throw new AppError('forbidden');
}
