/**
 * Withdrawals from a cohort (ADR 030): a student's membership ends as
 * withdrawn, on a day and for a reason, recorded by the cohort's admins, a
 * platform admin, or the student themselves. A withdrawn membership is
 * INACTIVE, so the student leaves every list of students taking part (the
 * gradebook's approvals and at-risk list, attendance alerts, rosters); the
 * withdrawal itself stays on the row for reports to count.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { todayInBogota } from '~/lib/shared/age-bands';
import { ROLE_IDS } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { WITHDRAWAL_REASONS, type MyWithdrawalBody, type Withdrawal, type WithdrawalBody, type WithdrawalList, type WithdrawalReason } from '~/lib/shared/schemas/withdrawals';
import type { Caller } from '~/lib/server/access/permissions';
import { requireCohortAccess } from '~/lib/server/access/loaders';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { cohorts, memberships, users } from '~/lib/server/db/schema';

const withdrawalColumns = {
  cohortId: memberships.cohortId,
  userId: memberships.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  withdrawnOn: memberships.withdrawnOn,
  reason: memberships.withdrawalReason,
  note: memberships.withdrawalNote,
  withdrawnBy: memberships.withdrawnBy,
};

type WithdrawalRow = { [K in keyof typeof withdrawalColumns]: (typeof withdrawalColumns)[K]['_']['data'] | (K extends 'withdrawnOn' | 'reason' | 'note' | 'withdrawnBy' ? null : never) };

const withdrawalOf = (row: WithdrawalRow): Withdrawal => ({
  cohortId: row.cohortId,
  userId: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  withdrawnOn: row.withdrawnOn!,
  reason: row.reason!,
  note: row.note,
  isSelf: row.withdrawnBy === row.userId,
});

/** Ends an ACTIVE student membership as withdrawn; 404 when the person is no student of the cohort, 409 when they already left it. */
async function recordWithdrawal(db: DbOrTx, cohortId: number, userId: number, withdrawal: { reason: WithdrawalReason; note?: string; withdrawnOn: string; by: number }): Promise<Withdrawal> {
  const [membership] = await db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.cohortId, cohortId), eq(memberships.userId, userId), eq(memberships.roleId, ROLE_IDS.student)));
  if (!membership) throw new AppError('not_found');
  if (membership.status !== 'ACTIVE') throw new AppError('membership_not_active');
  await db
    .update(memberships)
    .set({
      status: 'INACTIVE',
      withdrawnOn: withdrawal.withdrawnOn,
      withdrawalReason: withdrawal.reason,
      withdrawalNote: withdrawal.note?.trim() || null,
      withdrawnBy: withdrawal.by,
      updatedAt: new Date(),
    })
    .where(and(eq(memberships.cohortId, cohortId), eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE')));
  return (await readWithdrawals(db, cohortId, [userId]))[0]!;
}

async function readWithdrawals(db: DbOrTx, cohortId: number, userIds?: readonly number[]): Promise<Withdrawal[]> {
  const rows = await db
    .select(withdrawalColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.cohortId, cohortId), isNotNull(memberships.withdrawnOn), userIds ? inArray(memberships.userId, [...userIds]) : undefined))
    .orderBy(asc(memberships.withdrawnOn), asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map(withdrawalOf);
}

/** Staff withdraw a student from the cohort on a day (today when not given; never a future day) for a reason; cohort admins and platform admins. */
export async function withdrawStudent(caller: Caller, cohortId: number, body: WithdrawalBody, now = new Date()): Promise<Withdrawal> {
  await requireCohortAccess(caller, cohortId, 'assignUsers');
  const today = todayInBogota(now);
  if (body.withdrawnOn && body.withdrawnOn > today) throw new AppError('validation_failed', { fields: { withdrawnOn: 'validation.withdrawal.future' } });
  const db = await getDb();
  return recordWithdrawal(db, cohortId, body.userId, { reason: body.reason, note: body.note, withdrawnOn: body.withdrawnOn ?? today, by: caller.id });
}

/** A student withdraws themselves from a cohort they take part in, today; 404 when they are no student of it. */
export async function withdrawMe(caller: Caller, cohortId: number, body: MyWithdrawalBody, now = new Date()): Promise<Withdrawal> {
  const db = await getDb();
  return recordWithdrawal(db, cohortId, caller.id, { reason: body.reason, note: body.note, withdrawnOn: todayInBogota(now), by: caller.id });
}

/** Undoes a withdrawal (a mistake, or the student comes back): the membership is ACTIVE again and the withdrawal forgotten; cohort admins and platform admins. */
export async function readmitStudent(caller: Caller, cohortId: number, userId: number): Promise<void> {
  await requireCohortAccess(caller, cohortId, 'assignUsers');
  const db = await getDb();
  const updated = await db
    .update(memberships)
    .set({ status: 'ACTIVE', withdrawnOn: null, withdrawalReason: null, withdrawalNote: null, withdrawnBy: null, updatedAt: new Date() })
    .where(and(eq(memberships.cohortId, cohortId), eq(memberships.userId, userId), isNotNull(memberships.withdrawnOn)))
    .returning({ userId: memberships.userId });
  if (updated.length === 0) throw new AppError('not_found');
}

/** Withdrawals counted by reason, every reason present. */
function countByReason(list: readonly Pick<Withdrawal, 'reason'>[]): Record<WithdrawalReason, number> {
  const counts = Object.fromEntries(WITHDRAWAL_REASONS.map((reason) => [reason, 0])) as Record<WithdrawalReason, number>;
  for (const item of list) counts[item.reason] += 1;
  return counts;
}

/** A cohort's withdrawals, oldest first, with their count by reason; its tutors, cohort admins and platform admins. */
export async function listCohortWithdrawals(caller: Caller, cohortId: number): Promise<WithdrawalList> {
  await requireCohortAccess(caller, cohortId, 'listMembers');
  const results = await readWithdrawals(await getDb(), cohortId);
  return { results, byReason: countByReason(results) };
}

/**
 * Withdrawals of these cohorts on or before a day (a report's cut-off), by
 * cohort and reason, for readers that count them (no access check: the
 * caller's report checked it).
 */
export async function countWithdrawalsByReason(db: DbOrTx, cohortIds: readonly number[], until: string): Promise<{ cohortId: number; reason: WithdrawalReason; count: number }[]> {
  if (cohortIds.length === 0) return [];
  const rows = await db
    .select({ cohortId: memberships.cohortId, reason: memberships.withdrawalReason, count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(inArray(memberships.cohortId, [...cohortIds]), isNotNull(memberships.withdrawnOn), lte(memberships.withdrawnOn, until)))
    .groupBy(memberships.cohortId, memberships.withdrawalReason)
    .orderBy(asc(memberships.cohortId), asc(memberships.withdrawalReason));
  return rows.map((row) => ({ cohortId: row.cohortId, reason: row.reason!, count: row.count }));
}

/** The cohorts the caller takes part in as a student, for their account page (to withdraw from one). */
export async function listMyStudentCohorts(caller: Caller): Promise<{ cohortId: number; name: string; status: 'ACTIVE' | 'INACTIVE'; withdrawnOn: string | null }[]> {
  const db = await getDb();
  return db
    .select({ cohortId: memberships.cohortId, name: cohorts.name, status: memberships.status, withdrawnOn: memberships.withdrawnOn })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .where(and(eq(memberships.userId, caller.id), eq(memberships.roleId, ROLE_IDS.student), eq(cohorts.status, 'ACTIVE')))
    .orderBy(asc(cohorts.name), asc(cohorts.id));
}
