/**
 * The single source of truth for who may do what. Every check fails closed:
 * anything not explicitly allowed is refused. Queries scope rows through the
 * conditions exported here, so another cohort's row is simply "not found".
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { CohortClaim } from '../../shared/schemas/auth';
import type { UserType } from '../../shared/constants';
import { AppError } from '../../shared/errors';
import { cohorts, memberships } from '../db/schema';

/** Who is calling, as proven by a verified access token. */
export interface Caller {
  id: number;
  email: string;
  userType: UserType;
  cohorts: CohortClaim[];
}

export const isAdmin = (caller: Caller | null): boolean => caller?.userType === 'admin';

/** A caller may act for themselves; only platform admins may act for someone else. */
export function canActForUser(caller: Caller | null, userId: number): boolean {
  if (!caller) return false;
  return caller.id === userId || isAdmin(caller);
}

/** Throws 403 unless the caller may act for that user. */
export function requireActForUser(caller: Caller | null, userId: number): void {
  if (!canActForUser(caller, userId)) throw new AppError('forbidden_other_user');
}

/** Only students accept the terms and conditions for themselves. */
export function canAcceptTerms(caller: Caller | null, userId: number): boolean {
  return caller !== null && caller.id === userId;
}

/** A membership counts only while the membership and its cohort are both ACTIVE. */
export function isMembershipActive(membership: { membershipStatus: string; cohortStatus: string }): boolean {
  return membership.membershipStatus === 'ACTIVE' && membership.cohortStatus === 'ACTIVE';
}

/**
 * SQL condition over `memberships` joined to `cohorts`: the memberships of a
 * user that count, i.e. the membership and its cohort are both ACTIVE.
 */
export function activeMembershipOf(userId: number): SQL {
  return and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE'), eq(cohorts.status, 'ACTIVE'))!;
}

// ── Learning structure: organizations, learning paths, cohorts ────────────

/** Organizations, learning paths and cohorts are created, changed and archived by platform admins only. */
export function canManageStructure(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may manage organizations, learning paths and cohorts. */
export function requireManageStructure(caller: Caller | null): void {
  if (!canManageStructure(caller)) throw new AppError('forbidden');
}

/** What can be done inside one cohort (a cohort's status and program: `requireManageStructure`). */
export type CohortAction = 'view' | 'edit' | 'listMembers' | 'assignUsers' | 'manageLevels';

/** Per-cohort role_id → the actions it allows; anything not listed is refused. */
const COHORT_ACTIONS_BY_ROLE: Readonly<Record<number, readonly CohortAction[]>> = {
  1: ['view'],
  2: ['view', 'edit', 'listMembers', 'manageLevels'],
  3: ['view', 'edit', 'listMembers', 'manageLevels', 'assignUsers'],
};

/** The caller's role_id in a cohort while membership and cohort are both ACTIVE, else null. */
export function activeCohortRoleOf(
  list: readonly { cohortId: number; roleId: number; membershipStatus: string; cohortStatus: string }[],
  cohortId: number,
): number | null {
  const found = list.find((membership) => membership.cohortId === cohortId && isMembershipActive(membership));
  return found ? found.roleId : null;
}

/** Platform admins may do anything in any cohort; members what their ACTIVE role allows. */
export function canInCohort(caller: Caller | null, roleId: number | null, action: CohortAction): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return roleId !== null && (COHORT_ACTIONS_BY_ROLE[roleId]?.includes(action) ?? false);
}

/** Throws 404 when the caller is not an ACTIVE member (another cohort does not exist for them), 403 when their role does not allow the action. */
export function requireInCohort(caller: Caller | null, roleId: number | null, action: CohortAction): void {
  if (canInCohort(caller, roleId, action)) return;
  throw new AppError(roleId === null ? 'not_found' : 'forbidden');
}
