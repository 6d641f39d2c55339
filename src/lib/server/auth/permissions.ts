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
