/** Who takes attendance, who excuses, who checks in and who sets the thresholds (collected by access/permissions.ts). */
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { isAdmin, type Caller } from '~/lib/server/access/permission-basics';

/**
 * A session's roster is read and marked (roll call, an import, an excuse's
 * review) by its cohort's tutors and cohort admins and platform admins; a
 * student never marks anyone, themselves included (they join or check in).
 */
export function canTakeAttendance(caller: Caller | null, cohortRoleId: RoleId | null): boolean {
  if (!caller) return false;
  return isAdmin(caller) || cohortRoleId === ROLE_IDS.tutor || cohortRoleId === ROLE_IDS.cohortAdmin;
}

/** Throws 404 outside the cohort (another cohort's session does not exist for them), 403 for its students. */
export function requireTakeAttendance(caller: Caller | null, cohortRoleId: RoleId | null): void {
  if (canTakeAttendance(caller, cohortRoleId)) return;
  throw new AppError(cohortRoleId === null ? 'not_found' : 'forbidden');
}

/** Only the cohort's students check in and send an excuse, each for themselves. */
export function canAttendAsStudent(cohortRoleId: RoleId | null): boolean {
  return cohortRoleId === ROLE_IDS.student;
}

/** Throws 404 outside the cohort, 403 for its staff and platform admins. */
export function requireAttendAsStudent(caller: Caller | null, cohortRoleId: RoleId | null): void {
  if (canAttendAsStudent(cohortRoleId)) return;
  throw new AppError(cohortRoleId === null && !isAdmin(caller) ? 'not_found' : 'forbidden');
}

/** The audit of changes after a session is read by its cohort admins and platform admins. */
export function canReadAttendanceAudit(caller: Caller | null, cohortRoleId: RoleId | null): boolean {
  if (!caller) return false;
  return isAdmin(caller) || cohortRoleId === ROLE_IDS.cohortAdmin;
}

/** Throws 404 outside the cohort, 403 for its students and tutors. */
export function requireReadAttendanceAudit(caller: Caller | null, cohortRoleId: RoleId | null): void {
  if (canReadAttendanceAudit(caller, cohortRoleId)) return;
  throw new AppError(cohortRoleId === null ? 'not_found' : 'forbidden');
}

/** A program's attendance thresholds are set by platform admins (like its approval rule). */
export function canSetAttendanceSettings(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may set a program's thresholds. */
export function requireSetAttendanceSettings(caller: Caller | null): void {
  if (!canSetAttendanceSettings(caller)) throw new AppError('forbidden');
}
