import { asc, eq } from 'drizzle-orm';
import type { RoleId } from '~/lib/shared/constants';
import type { Membership } from '~/lib/server/access/permissions';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { cohorts, memberships } from '~/lib/server/db/schema';


/** Memberships by user id: a membership change drops its user's entry; a cohort's (status) drops them all. */
const cache = defineCache<number, Membership[]>({
  ttlMs: 10 * 60_000,
  max: 50_000,
  invalidatedBy: { memberships: (keys) => idsOf(keys, 'user_id'), cohorts: () => 'all' },
});

/** Every membership of a user with its cohort's status, oldest cohort first (cached). */
export function listMembershipsOf(userId: number): Promise<Membership[]> {
  return cache.getOrLoad(userId, () => readMembershipsOf(userId));
}

async function readMembershipsOf(userId: number): Promise<Membership[]> {
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
  return rows.map((row) => ({ ...row, roleId: row.roleId as RoleId }));
}
