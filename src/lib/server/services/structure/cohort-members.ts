import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RecordStatus, RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { AssignUsersBody, AssignUsersResult, CohortMember } from '~/lib/shared/schemas/structure';
import { requireChangeMemberships, type Caller } from '~/lib/server/access/permissions';
import { getDb, type Tx } from '~/lib/server/db/client';
import { matchesPersonSearch } from '~/lib/server/db/person-search';
import { memberships, users } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';
import { requireCohortAccess } from '~/lib/server/access/loaders';

/** One page of a cohort's members (any membership status), by last and first name; tutors, cohort admins and platform admins. */
export async function listCohortMembers(caller: Caller, cohortId: number, page: number, search?: string): Promise<{ results: CohortMember[]; count: number }> {
  await requireCohortAccess(caller, cohortId, 'listMembers');
  const db = await getDb();
  const where = and(eq(memberships.cohortId, cohortId), search ? matchesPersonSearch(search) : undefined);
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role_id: memberships.roleId,
        status: memberships.status,
        withdrawnOn: memberships.withdrawnOn,
        withdrawalReason: memberships.withdrawalReason,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .offset(offset)
      .limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where),
  ]);
  return { results: rows.map((row) => ({ ...row, role_id: row.role_id as RoleId })), count: total?.count ?? 0 };
}

/** One membership to add or update: a new one starts ACTIVE; without `status` an existing one keeps its own. */
export interface MembershipWrite {
  userId: number;
  role_id: RoleId;
  status?: RecordStatus;
}

/** Rows per statement (4 parameters each, well under PostgreSQL's 65,535). */
const UPSERT_CHUNK = 1_000;

/**
 * Adds or updates memberships of one cohort inside the caller's transaction
 * (the users must exist), in the order given. Shared by assign_users and the
 * bulk upload so both write memberships the same way.
 */
export async function upsertCohortMemberships(tx: Tx, cohortId: number, items: readonly MembershipWrite[]): Promise<AssignUsersResult['assigned']> {
  // Set-wise, not a statement per row: rows that give a status set it, the others keep an existing one.
  const written = new Map<number, AssignUsersResult['assigned'][number]>();
  for (const givesStatus of [true, false]) {
    const group = items.filter((item) => Boolean(item.status) === givesStatus);
    for (let start = 0; start < group.length; start += UPSERT_CHUNK) {
      const rows = await tx
        .insert(memberships)
        .values(group.slice(start, start + UPSERT_CHUNK).map((item) => ({ userId: item.userId, cohortId, roleId: item.role_id, status: item.status ?? 'ACTIVE' })))
        .onConflictDoUpdate({
          target: [memberships.userId, memberships.cohortId],
          set: {
            roleId: sql`excluded.role_id`,
            // Made ACTIVE again, a withdrawn student is readmitted: the withdrawal is forgotten (ADR 030).
            ...(givesStatus && {
              status: sql`excluded.status`,
              withdrawnOn: sql`case when excluded.status = 'ACTIVE' then null else ${memberships.withdrawnOn} end`,
              withdrawalReason: sql`case when excluded.status = 'ACTIVE' then null else ${memberships.withdrawalReason} end`,
              withdrawalNote: sql`case when excluded.status = 'ACTIVE' then null else ${memberships.withdrawalNote} end`,
              withdrawnBy: sql`case when excluded.status = 'ACTIVE' then null else ${memberships.withdrawnBy} end`,
            }),
            updatedAt: new Date(),
          },
        })
        .returning({ userId: memberships.userId, roleId: memberships.roleId, status: memberships.status });
      for (const row of rows) written.set(row.userId, { userId: row.userId, role_id: row.roleId as RoleId, status: row.status });
    }
  }
  return items.map((item) => written.get(item.userId)!);
}

/**
 * Adds or updates memberships (`users`: role_id, and status when given; a new
 * one starts ACTIVE) and deletes others (`remove`; not a member: nothing to
 * do), all or nothing: an unknown user id in either list refuses the whole call. Platform admins and cohort admins;
 * a cohort admin never changes their own membership (403).
 */
export async function assignCohortUsers(caller: Caller, cohortId: number, body: Pick<AssignUsersBody, 'users' | 'remove'>): Promise<AssignUsersResult> {
  await requireCohortAccess(caller, cohortId, 'assignUsers');
  requireChangeMemberships(caller, [...body.users.map((item) => item.userId), ...body.remove]);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const wanted = [...body.users.map((item) => item.userId), ...body.remove];
    const existing = wanted.length ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, wanted)) : [];
    const found = new Set(existing.map((row) => row.id));
    const unknown = wanted.filter((id) => !found.has(id));
    if (unknown.length > 0) throw new AppError('unknown_users', { params: { keys: unknown.join(', ') } });

    const assigned = await upsertCohortMemberships(tx, cohortId, body.users);
    const removed = body.remove.length
      ? await tx
          .delete(memberships)
          .where(and(eq(memberships.cohortId, cohortId), inArray(memberships.userId, body.remove)))
          .returning({ userId: memberships.userId })
      : [];
    return { assigned, removed: removed.map((row) => row.userId).sort((a, b) => a - b) };
  });
  return result;
}
