/** Who manages organizations, learning paths and cohorts, and what each cohort role may do in its cohort (collected by access/permissions.ts). */
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { isAdmin, isMembershipActive, type Caller, type Membership } from '~/lib/server/access/permission-basics';

/** Organizations, learning paths and cohorts are created, changed and archived by platform admins only. */
export function canManageStructure(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may manage organizations, learning paths and cohorts. */
export function requireManageStructure(caller: Caller | null): void {
  if (!canManageStructure(caller)) throw new AppError('forbidden');
}

/** What can be done inside one cohort (a cohort's status and program: `requireManageStructure`). */
export type CohortAction = 'view' | 'edit' | 'listMembers' | 'assignUsers' | 'manageLevels' | 'releaseCourses' | 'manageNewsAndBanners' | 'manageDueDates' | 'manageLiveSessions' | 'manageForums';

/** Per-cohort role → the actions it allows; anything not listed is refused. */
const COHORT_ACTIONS_BY_ROLE: Readonly<Record<RoleId, readonly CohortAction[]>> = {
  [ROLE_IDS.student]: ['view'],
  [ROLE_IDS.tutor]: ['view', 'edit', 'listMembers', 'manageLevels', 'releaseCourses', 'manageNewsAndBanners', 'manageDueDates', 'manageLiveSessions', 'manageForums'],
  [ROLE_IDS.cohortAdmin]: ['view', 'edit', 'listMembers', 'manageLevels', 'assignUsers', 'releaseCourses', 'manageNewsAndBanners', 'manageDueDates', 'manageLiveSessions', 'manageForums'],
};

/** The caller's role_id in a cohort while membership and cohort are both ACTIVE, else null. */
export function activeCohortRoleOf(list: readonly Membership[], cohortId: number): RoleId | null {
  const found = list.find((membership) => membership.cohortId === cohortId && isMembershipActive(membership));
  return found ? found.roleId : null;
}

/** Platform admins may do anything in any cohort; members what their ACTIVE role allows. */
export function canInCohort(caller: Caller | null, roleId: RoleId | null, action: CohortAction): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return roleId !== null && (COHORT_ACTIONS_BY_ROLE[roleId]?.includes(action) ?? false);
}

/** Throws 404 when the caller is not an ACTIVE member (another cohort does not exist for them), 403 when their role does not allow the action. */
export function requireInCohort(caller: Caller | null, roleId: RoleId | null, action: CohortAction): void {
  if (canInCohort(caller, roleId, action)) return;
  throw new AppError(roleId === null ? 'not_found' : 'forbidden');
}

/**
 * Searching the platform's users (to assign them to a cohort): platform admins,
 * and whoever may assign users in at least one ACTIVE cohort (cohort admins).
 */
export function canSearchUsers(caller: Caller | null, list: readonly Membership[]): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return list.some((membership) => isMembershipActive(membership) && canInCohort(caller, membership.roleId, 'assignUsers'));
}

/** Throws 403 unless the caller may search the platform's users. */
export function requireSearchUsers(caller: Caller | null, list: readonly Membership[]): void {
  if (!canSearchUsers(caller, list)) throw new AppError('forbidden');
}

/** A member never changes or removes their own membership (they could lock themselves out of their cohort's tools); platform admins may. */
export function canChangeMembershipOf(caller: Caller | null, userId: number): boolean {
  return caller !== null && (isAdmin(caller) || caller.id !== userId);
}

/** Throws 403 when the memberships to change include the caller's own (see canChangeMembershipOf). */
export function requireChangeMemberships(caller: Caller | null, userIds: readonly number[]): void {
  if (userIds.some((userId) => !canChangeMembershipOf(caller, userId))) throw new AppError('forbidden_own_membership');
}
