/** Finding platform users by name or email, to assign them to a cohort. */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { RoleId } from '~/lib/shared/constants';
import type { FoundUser, UserSearchFilter } from '~/lib/shared/schemas/user-search';
import { requireSearchUsers, type Caller } from '~/lib/server/auth/permissions';
import { getDb } from '~/lib/server/db/client';
import { memberships, users } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';
import { listMembershipsOf } from './memberships';
import { requireCohortAccess } from './structure/cohorts';

/** `%`, `_` and `\` match literally in a search. */
const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Users whose first name, last name, "first last" or email contains the text (any case). */
function userMatches(search: string): SQL {
  const pattern = `%${escapeLikePattern(search)}%`;
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.email, pattern),
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
  )!;
}

/**
 * One page of the platform's users matching a name or email, by last and
 * first name: id, names and email only. With `cohort`, each carries their
 * membership there (or null); that needs the right to assign users in that
 * cohort. Platform admins and cohort admins.
 */
export async function searchUsers(caller: Caller, filter: UserSearchFilter, page: number): Promise<{ results: FoundUser[]; count: number }> {
  if (filter.cohort === undefined) requireSearchUsers(caller, await listMembershipsOf(caller.id));
  else await requireCohortAccess(caller, filter.cohort, 'assignUsers');
  const db = await getDb();
  const where = userMatches(filter.search);
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
