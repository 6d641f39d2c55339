/** Finding platform users: by name or email to assign them to a cohort, and the admin users list with its filters. */
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { FoundUser, UserSearchFilter } from '~/lib/shared/schemas/user-search';
import { canManageAccounts, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { matchesPersonSearch } from '~/lib/server/db/person-search';
import { cohorts, memberships, users } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';
import { requireCohortAccess, requireUserSearchAccess } from '~/lib/server/access/loaders';

/** The conditions of the filters only platform admins may use. */
function adminFilters(filter: UserSearchFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.inCohort !== undefined) {
    conditions.push(sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.cohortId} = ${filter.inCohort})`);
  }
  if (filter.learningPath !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${memberships} inner join ${cohorts} on ${cohorts.id} = ${memberships.cohortId} where ${memberships.userId} = ${users.id} and ${cohorts.learningPathId} = ${filter.learningPath})`,
    );
  }
  if (filter.type) conditions.push(eq(users.userType, filter.type));
  if (filter.status === 'INACTIVE') conditions.push(eq(users.status, 'INACTIVE'));
  if (filter.status === 'ACTIVE') conditions.push(and(eq(users.status, 'ACTIVE'), isNotNull(users.passwordHash))!);
  if (filter.status === 'INVITED') conditions.push(and(eq(users.status, 'ACTIVE'), isNull(users.passwordHash), isNull(users.anonymizedAt))!);
  if (filter.status === 'DELETION_REQUESTED') conditions.push(isNotNull(users.deletionRequestedAt));
  return conditions;
}

const usesAdminFilters = (filter: UserSearchFilter) =>
  filter.inCohort !== undefined || filter.learningPath !== undefined || filter.type !== undefined || filter.status !== undefined;

/**
 * One page of the platform's users by last and first name. Cohort admins
 * search by name or email (id, names and email only); with `cohort`, each
 * carries their membership there, which needs the right to assign users in
 * that cohort. Platform admins may also list without a search, filter by
 * cohort, learning path, type and state, and see each account's state.
 */
export async function searchUsers(caller: Caller, filter: UserSearchFilter, page: number): Promise<{ results: FoundUser[]; count: number }> {
  if (filter.cohort === undefined) await requireUserSearchAccess(caller);
  else await requireCohortAccess(caller, filter.cohort, 'assignUsers');
  const isAccountManager = canManageAccounts(caller);
  if (!isAccountManager && usesAdminFilters(filter)) throw new AppError('forbidden');
  if (!isAccountManager && !filter.search) throw new AppError('validation_failed', { fields: { search: { key: 'validation.search.min', params: { count: 2 } } } });

  const db = await getDb();
  const where = and(filter.search ? matchesPersonSearch(filter.search) : undefined, ...(isAccountManager ? adminFilters(filter) : []));
  const { offset, limit } = pageWindow(page);
  const columns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    userType: users.userType,
    status: users.status,
    hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    invitedAt: users.invitedAt,
    deletionRequestedAt: users.deletionRequestedAt,
    anonymizedAt: users.anonymizedAt,
  };
  const cohortId = filter.cohort;
  const query = db
    .select({ ...columns, roleId: memberships.roleId, membershipStatus: memberships.status })
    .from(users)
    .leftJoin(memberships, cohortId === undefined ? sql`false` : and(eq(memberships.userId, users.id), eq(memberships.cohortId, cohortId)))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .offset(offset)
    .limit(limit);
  const [rows, [counted]] = await Promise.all([query, db.select({ count: sql<number>`count(*)::int` }).from(users).where(where)]);
  const results = rows.map((row): FoundUser => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    ...(cohortId !== undefined && {
      membership: row.roleId === null || row.membershipStatus === null ? null : { role_id: row.roleId as RoleId, status: row.membershipStatus },
    }),
    ...(isAccountManager && {
      account: {
        userType: row.userType,
        status: row.status,
        invitationPending: row.status === 'ACTIVE' && !row.hasPassword && row.anonymizedAt === null,
        invitedAt: row.invitedAt?.toISOString() ?? null,
        deletionRequestedAt: row.deletionRequestedAt?.toISOString() ?? null,
        anonymized: row.anonymizedAt !== null,
      },
    }),
  }));
  return { results, count: counted?.count ?? 0 };
}
