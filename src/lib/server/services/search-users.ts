/** Finding platform users by name or email, to assign them to a cohort. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { RoleId } from '~/lib/shared/constants';
import type { FoundUser, UserSearchFilter } from '~/lib/shared/schemas/user-search';
import type { Caller } from '~/lib/server/auth/permissions';
import { getDb } from '~/lib/server/db/client';
import { matchesPersonSearch } from '~/lib/server/db/person-search';
import { memberships, users } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';
import { requireCohortAccess, requireUserSearchAccess } from '~/lib/server/auth/access';

/**
 * One page of the platform's users matching a name or email, by last and
 * first name: id, names and email only. With `cohort`, each carries their
 * membership there (or null); that needs the right to assign users in that
 * cohort. Platform admins and cohort admins.
 */
export async function searchUsers(caller: Caller, filter: UserSearchFilter, page: number): Promise<{ results: FoundUser[]; count: number }> {
  if (filter.cohort === undefined) await requireUserSearchAccess(caller);
  else await requireCohortAccess(caller, filter.cohort, 'assignUsers');
  const db = await getDb();
  const where = matchesPersonSearch(filter.search);
  const { offset, limit } = pageWindow(page);
  const columns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
  const order = [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const total = db.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
  if (filter.cohort === undefined) {
    const [rows, [counted]] = await Promise.all([db.select(columns).from(users).where(where).orderBy(...order).offset(offset).limit(limit), total]);
    return { results: rows, count: counted?.count ?? 0 };
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...columns, roleId: memberships.roleId, status: memberships.status })
      .from(users)
      .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.cohortId, filter.cohort)))
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
    total,
  ]);
  const results = rows.map(({ roleId, status, ...user }) => ({
    ...user,
    membership: roleId === null || status === null ? null : { role_id: roleId as RoleId, status },
  }));
  return { results, count: counted?.count ?? 0 };
}
