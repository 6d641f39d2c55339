/** Accounts as platform admins manage them: read, create with an invitation, invite again, change type, status and language. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import type { RoleId } from '~/lib/shared/constants';
import type { Account, AccountDetail, CreateAccountBody, UpdateAccountBody } from '~/lib/shared/schemas/people';
import { requireManageAccounts, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { cohorts, memberships, profiles, users } from '~/lib/server/db/schema';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';
import { revokeAllSessionsOf } from '~/lib/server/services/auth/logout';
import { queueMail, sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { upsertCohortMemberships } from '~/lib/server/services/structure/cohort-members';
import { retireAccountLinks } from './account-links';
import { listPersonalDataAccess } from './access-log';
import { applySensitiveDataConsent } from './consents';
import { profileValuesOf } from './profile-record';

type UserRow = typeof users.$inferSelect;

/** The account of a user row, with their memberships. */
export async function accountOf(db: DbOrTx, user: UserRow): Promise<Account> {
  const rows = await db
    .select({ cohortId: cohorts.id, cohortName: cohorts.name, roleId: memberships.roleId, status: memberships.status })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(cohorts.name), asc(cohorts.id));
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    status: user.status,
    language: user.language,
    invitationPending: user.status === 'ACTIVE' && user.passwordHash === null && user.anonymizedAt === null,
    invitedAt: user.invitedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    deletionRequestedAt: user.deletionRequestedAt?.toISOString() ?? null,
    anonymizedAt: user.anonymizedAt?.toISOString() ?? null,
    cohorts: rows.map((row) => ({ cohortId: row.cohortId, cohortName: row.cohortName, role_id: row.roleId as RoleId, status: row.status })),
  };
}

/** The user row, or 404. */
export async function requireUserRow(db: DbOrTx, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  return user;
}

/** 409 once the account was anonymised: its personal data no longer exists. */
export function requireNotAnonymized(user: UserRow): void {
  if (user.anonymizedAt) throw new AppError('account_anonymized');
}

/** One account with the newest entries of its personal-data access log; platform admins. */
export async function getAccountDetail(caller: Caller, userId: number): Promise<AccountDetail> {
  requireManageAccounts(caller);
  const db = await getDb();
  const user = await requireUserRow(db, userId);
  return { ...(await accountOf(db, user)), accessLog: await listPersonalDataAccess(db, userId) };
}

/** A friendly message for a write refused by a unique index (an e-mail or an identity document someone else has), under the given field prefix. */
export function takenFieldsOf(error: unknown, prefix = ''): FieldErrors | null {
  const constraint = uniqueViolationOf(error);
  if (constraint === null) return null;
  if (constraint.includes('document')) return { [`${prefix}documentNumber`]: 'validation.document.taken' };
  return { email: 'validation.email.taken' };
}

/** Checks up front what the unique indexes would refuse, for a message per field (a document only counts once reserved: an unverified sign-up's does not). */
export async function requireFreeIdentity(db: DbOrTx, identity: { email?: string; documentType?: string; documentNumber?: string }, ownUserId: number | null, prefix = ''): Promise<void> {
  const fields: FieldErrors = {};
  if (identity.email) {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email.toLowerCase()));
    if (owner && owner.id !== ownUserId) fields.email = 'validation.email.taken';
  }
  if (identity.documentType && identity.documentNumber) {
    const [owner] = await db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.documentType, identity.documentType), eq(profiles.documentNumber, identity.documentNumber.toUpperCase()), eq(profiles.documentReserved, true)));
    if (owner && owner.id !== ownUserId) fields[`${prefix}documentNumber`] = 'validation.document.taken';
  }
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { fields });
}

/**
 * Creates an account with no password, its (partial) profile and cohort
 * memberships, and queues the invitation e-mail with a set-password link
 * (unless `sendInvitation` is false); platform admins.
 */
export async function createAccount(caller: Caller, body: CreateAccountBody): Promise<Account> {
  requireManageAccounts(caller);
  const db = await getDb();
  const email = body.email.toLowerCase();
  await requireFreeIdentity(db, { email, documentType: body.profile?.documentType, documentNumber: body.profile?.documentNumber }, null, 'profile.');
  const cohortIds = body.cohorts.map((item) => item.cohortId);
  if (cohortIds.length > 0) {
    const found = new Set((await db.select({ id: cohorts.id }).from(cohorts).where(inArray(cohorts.id, cohortIds))).map((row) => row.id));
    const missing = cohortIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('unknown_reference', { params: { keys: `cohorts ${missing.join(', ')}` } });
  }
  let created: UserRow;
  let mailIds: number[] = [];
  try {
    ({ created, mailIds } = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: null,
          firstName: body.firstName,
          lastName: body.lastName,
          userType: body.userType,
          language: body.language,
          invitedAt: body.sendInvitation ? new Date() : null,
        })
        .returning();
      const values = body.profile ? profileValuesOf(body.profile) : {};
      if (Object.keys(values).length > 0) await tx.insert(profiles).values({ userId: user!.id, ...values });
      await applySensitiveDataConsent(tx, user!.id, body.profile?.sensitiveDataConsent, 'staff', caller.id);
      for (const item of body.cohorts) await upsertCohortMemberships(tx, item.cohortId, [{ userId: user!.id, role_id: item.role_id }]);
      const ids = body.sendInvitation ? await queueMail(tx, [{ userId: user!.id, recipient: email, language: body.language, kind: 'invitation' }]) : [];
      return { created: user!, mailIds: ids };
    }));
  } catch (error) {
    const fields = takenFieldsOf(error, 'profile.');
    if (fields) throw new AppError('validation_failed', { fields });
    throw error;
  }
  await sendQueuedMail(mailIds);
  return accountOf(db, created);
}

/** Queues a new invitation (the earlier link stops working when it goes out); only while the invitation is pending. Platform admins. */
export async function resendInvitation(caller: Caller, userId: number): Promise<Account> {
  requireManageAccounts(caller);
  const db = await getDb();
  const user = await requireUserRow(db, userId);
  requireNotAnonymized(user);
  if (user.status !== 'ACTIVE') throw new AppError('validation_failed', { fields: { status: 'validation.invitation.inactive' } });
  if (user.passwordHash !== null) throw new AppError('validation_failed', { fields: { invitation: 'validation.invitation.accepted' } });
  const { updated, mailIds } = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ invitedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    return { updated: row!, mailIds: await queueMail(tx, [{ userId, recipient: user.email, language: user.language, kind: 'invitation' }]) };
  });
  await sendQueuedMail(mailIds);
  return accountOf(db, updated);
}

/**
 * Changes an account's type, status or e-mail language; platform admins,
 * never on their own type or status. Deactivating revokes every sign-in at
 * once (pages and API calls stop working on every server) and every unused
 * link; reactivating lets the person sign in again.
 */
export async function updateAccount(caller: Caller, userId: number, body: UpdateAccountBody): Promise<Account> {
  requireManageAccounts(caller);
  if (caller.id === userId && (body.status !== undefined || body.userType !== undefined)) throw new AppError('forbidden_own_account');
  const db = await getDb();
  const user = await requireUserRow(db, userId);
  requireNotAnonymized(user);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...(body.userType && { userType: body.userType }), ...(body.status && { status: body.status }), ...(body.language && { language: body.language }), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (body.status === 'INACTIVE') {
      await revokeAllSessionsOf(tx, userId);
      await retireAccountLinks(tx, userId);
    }
    return row!;
  });
  return accountOf(db, updated);
}

/** The caller's own account (their account page). */
export async function getOwnAccount(caller: Caller): Promise<Account> {
  const db = await getDb();
  return accountOf(db, await requireUserRow(db, caller.id));
}
