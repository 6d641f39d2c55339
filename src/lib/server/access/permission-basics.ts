/**
 * What every permission rule reads: who is calling, their cohort memberships,
 * and the rules every domain shares (a platform admin, acting for oneself,
 * the admin screens). The domains' own rules are in services/<domain>/permissions.ts,
 * all collected by access/permissions.ts. Every check fails closed.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { CohortClaim } from '~/lib/shared/schemas/auth';
import { ROLE_IDS, type RecordStatus, type RoleId, type UserType } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { cohorts, memberships } from '~/lib/server/db/schema';

/** Who is calling, as proven by a verified access token. */
export interface Caller {
  id: number;
  email: string;
  userType: UserType;
  cohorts: CohortClaim[];
}

/** One of a user's cohort memberships, with its cohort's status: what every per-cohort rule reads. */
export interface Membership {
  cohortId: number;
  learningPathId: number;
  roleId: RoleId;
  membershipStatus: RecordStatus;
  cohortStatus: RecordStatus;
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

/** Everyone accepts the terms and conditions for themselves only, never for someone else (platform admins included). */
export function canAcceptTerms(caller: Caller | null, userId: number): boolean {
  return caller !== null && caller.id === userId;
}

/** A membership counts only while the membership and its cohort are both ACTIVE. */
export function isMembershipActive(membership: Pick<Membership, 'membershipStatus' | 'cohortStatus'>): boolean {
  return membership.membershipStatus === 'ACTIVE' && membership.cohortStatus === 'ACTIVE';
}

/**
 * SQL condition over `memberships` joined to `cohorts`: the memberships of a
 * user that count, i.e. the membership and its cohort are both ACTIVE.
 */
export function activeMembershipOf(userId: number): SQL {
  return and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE'), eq(cohorts.status, 'ACTIVE'))!;
}

/** Per-cohort roles that manage: tutors and cohort admins. */
export const MANAGER_ROLE_IDS: readonly RoleId[] = [ROLE_IDS.tutor, ROLE_IDS.cohortAdmin];

// ── Admin screens ─────────────────────────────────────────────────────────

/**
 * The admin screens open for platform admins and for tutors and cohort admins
 * of an ACTIVE cohort (who then see only their cohorts); never for students.
 */
export function canOpenAdmin(caller: Caller | null, list: readonly Membership[]): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return list.some((membership) => isMembershipActive(membership) && MANAGER_ROLE_IDS.includes(membership.roleId));
}

/** The cohorts a non-admin manages in the admin screens: ACTIVE memberships with a tutor or cohort-admin role. */
export function managedCohortIdsOf(list: readonly Membership[]): number[] {
  return list.filter((membership) => isMembershipActive(membership) && MANAGER_ROLE_IDS.includes(membership.roleId)).map((membership) => membership.cohortId);
}

// ── Platform texts ─────────────────────────────────────────────────────────

/** The terms and conditions and the privacy notice are public to read and changed by platform admins only. */
export function canEditLegalTexts(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may change the legal texts. */
export function requireEditLegalTexts(caller: Caller | null): void {
  if (!canEditLegalTexts(caller)) throw new AppError('forbidden');
}
