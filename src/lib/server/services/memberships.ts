import { asc, eq } from 'drizzle-orm';
import type { RecordStatus, RoleId } from '~/lib/shared/constants';
import { createTtlCache } from '~/lib/server/cache/ttl-cache';
import { getDb } from '~/lib/server/db/client';
import { cohorts, memberships } from '~/lib/server/db/schema';

/** Other servers' membership changes show within this long. */
const MEMBERSHIPS_CACHE_TTL_MS = 10_000;

export interface MembershipView {
  cohortId: number;
  learningPathId: number;
  roleId: RoleId;
  membershipStatus: RecordStatus;
  cohortStatus: RecordStatus;
}

const cache = createTtlCache<number, MembershipView[]>(MEMBERSHIPS_CACHE_TTL_MS);

/** Every membership of a user with its cohort's status, oldest cohort first (briefly cached). */
export async function listMembershipsOf(userId: number): Promise<MembershipView[]> {
  const cached = cache.get(userId);
  if (cached) return cached;
  const db = await getDb();
  const rows = await db
    .select({
      cohortId: memberships.cohortId,
      learningPathId: cohorts.learningPathId,
      roleId: memberships.roleId,
      membershipStatus: memberships.status,
      cohortStatus: cohorts.status,
    })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.cohortId));
  const views = rows.map((row) => ({ ...row, roleId: row.roleId as RoleId }));
  cache.set(userId, views);
  return views;
}

/** Call after changing a user's memberships (or a cohort's status: pass no id). */
export function forgetMemberships(userId?: number): void {
  if (userId === undefined) cache.clear();
  else cache.delete(userId);
}
