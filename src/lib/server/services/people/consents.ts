/**
 * Ley 1581 consents (ADR 030): a person's authorisations per purpose, each
 * recorded with the text version, when and through which channel; a
 * withdrawal takes effect at once, and withdrawing the sensitive-data one
 * erases the sensitive fields it covered. Readers of data a purpose covers
 * (the funder report) ask `hasConsent`, `listUsersWithConsent` or join
 * `consentInForce` in their query.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '~/lib/shared/errors';
import {
  CONSENT_PURPOSES,
  CONSENT_TEXT_VERSIONS,
  WITHDRAWABLE_CONSENT_PURPOSES,
  type Consent,
  type ConsentChannel,
  type ConsentPurpose,
} from '~/lib/shared/schemas/consents';
import { SENSITIVE_PROFILE_FIELDS } from '~/lib/shared/schemas/person';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { consents, profiles } from '~/lib/server/db/schema';

const isWithdrawable = (purpose: ConsentPurpose) => (WITHDRAWABLE_CONSENT_PURPOSES as readonly string[]).includes(purpose);

/** Whether a person's consent for a purpose is in force now. */
export async function hasConsent(db: DbOrTx, userId: number, purpose: ConsentPurpose): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose), isNull(consents.withdrawnAt)))
    .limit(1);
  return row !== undefined;
}

/** Of these people (everyone when not given), those whose consent for a purpose is in force now. */
export async function listUsersWithConsent(db: DbOrTx, purpose: ConsentPurpose, userIds?: readonly number[]): Promise<Set<number>> {
  if (userIds && userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: consents.userId })
    .from(consents)
    .where(and(eq(consents.purpose, purpose), isNull(consents.withdrawnAt), userIds ? inArray(consents.userId, [...userIds]) : undefined));
  return new Set(rows.map((row) => row.userId));
}

/**
 * A condition for a report's query: the person in `userIdColumn` has the
 * purpose's consent in force now (uses the partial index on purpose, user).
 * `select … where ${consentInForce(users.id, 'funder_reports')}`, or in a
 * `count(*) filter (where …)` for breakdowns beside totals.
 */
export function consentInForce(userIdColumn: AnyPgColumn | SQL, purpose: ConsentPurpose): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${consents} where ${consents.userId} = ${userIdColumn} and ${consents.purpose} = ${purpose} and ${consents.withdrawnAt} is null)`;
}

/** Each purpose's state for a person (its latest record), in the order of CONSENT_PURPOSES. */
export async function listConsentsOf(db: DbOrTx, userId: number): Promise<Consent[]> {
  const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.grantedAt), desc(consents.id));
  return CONSENT_PURPOSES.map((purpose) => {
    const latest = rows.find((row) => row.purpose === purpose);
    return {
      purpose,
      isGranted: latest !== undefined && latest.withdrawnAt === null,
      textVersion: latest?.textVersion ?? null,
      grantedAt: latest?.grantedAt.toISOString() ?? null,
      channel: latest?.channel ?? null,
      withdrawnAt: latest?.withdrawnAt?.toISOString() ?? null,
      isWithdrawable: isWithdrawable(purpose),
    };
  });
}

/** Records a consent for a purpose with the current text's version; one already in force is kept as it is (its date, its channel). */
export async function grantConsent(
  db: DbOrTx,
  userId: number,
  purpose: ConsentPurpose,
  channel: ConsentChannel,
  options: { recordedBy?: number | null; now?: Date } = {},
): Promise<void> {
  await db
    .insert(consents)
    .values({ userId, purpose, channel, textVersion: CONSENT_TEXT_VERSIONS[purpose], recordedBy: options.recordedBy ?? null, grantedAt: options.now ?? new Date() })
    .onConflictDoNothing({ target: [consents.userId, consents.purpose], where: isNull(consents.withdrawnAt) });
}

/**
 * Withdraws a consent in force (nothing to do when none is). From now on the
 * data it covers is not used: withdrawing `sensitive_data` erases the
 * sensitive fields of the profile; `funder_reports` drops the person from
 * every reader that asks for it.
 */
export async function withdrawConsent(db: DbOrTx, userId: number, purpose: ConsentPurpose, now = new Date()): Promise<void> {
  await db
    .update(consents)
    .set({ withdrawnAt: now })
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose), isNull(consents.withdrawnAt)));
  if (purpose === 'sensitive_data') await eraseSensitiveFields(db, userId);
}

async function eraseSensitiveFields(db: DbOrTx, userId: number): Promise<void> {
  const erased = Object.fromEntries(SENSITIVE_PROFILE_FIELDS.map((field) => [field, null])) as Record<(typeof SENSITIVE_PROFILE_FIELDS)[number], null>;
  await db.update(profiles).set(erased).where(eq(profiles.userId, userId));
}

/** Grants or withdraws the sensitive-data consent as a person form says (`true` grants, `false` withdraws and erases). */
export async function applySensitiveDataConsent(db: DbOrTx, userId: number, given: boolean | undefined, channel: ConsentChannel, recordedBy?: number | null): Promise<void> {
  if (given === true) await grantConsent(db, userId, 'sensitive_data', channel, { recordedBy });
  else if (given === false) await withdrawConsent(db, userId, 'sensitive_data');
}

/** The caller's consents, for their account page. */
export async function getMyConsents(caller: Caller): Promise<Consent[]> {
  return listConsentsOf(await getDb(), caller.id);
}

/** The caller grants a purpose (again) from their account page. */
export async function grantMyConsent(caller: Caller, purpose: ConsentPurpose): Promise<Consent[]> {
  const db = await getDb();
  await grantConsent(db, caller.id, purpose, 'account');
  return listConsentsOf(db, caller.id);
}

/** The caller withdraws a purpose from their account page (409 for the general one: that is the account's deletion request). */
export async function withdrawMyConsent(caller: Caller, purpose: ConsentPurpose): Promise<Consent[]> {
  if (!isWithdrawable(purpose)) throw new AppError('consent_not_withdrawable');
  const db = await getDb();
  await db.transaction((tx) => withdrawConsent(tx, caller.id, purpose));
  return listConsentsOf(db, caller.id);
}
