/**
 * Discount codes: a percentage or a fixed amount off an offer's price (or
 * any offer's), limited in uses and dates. A use counts from the moment a
 * payment with the code is created and for as long as it may still go
 * through, so the last use cannot be taken twice; a 100 % discount enrols
 * without a provider.
 */
import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { CreateDiscountCodeBody, DiscountCode, UpdateDiscountCodeBody } from '~/lib/shared/schemas/registrations';
import { requireManageRegistrations, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx, type Tx } from '~/lib/server/db/client';
import { discountCodes, offers, payments } from '~/lib/server/db/schema';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';

/** A pending payment keeps its code's use this long (the buyer is at the provider's checkout). */
export const PENDING_USE_MS = 2 * 60 * 60 * 1000;

type CodeRow = typeof discountCodes.$inferSelect;

/**
 * SQL: the uses of the code in `codeId`: payments that went through, and
 * pending ones still within PENDING_USE_MS (those of `exceptRegistrationId`
 * left out: a buyer's own unfinished payment does not use the code up for them).
 */
const usesSql = (codeId: typeof discountCodes.id | number, exceptRegistrationId: number | null = null) =>
  sql<number>`(select count(*) from ${payments} where ${payments.discountCodeId} = ${codeId}
    and (${payments.status} in ('approved', 'enrolled') or (${payments.status} = 'pending' and ${payments.createdAt} > now() - ${`${PENDING_USE_MS / 1000} seconds`}::interval${
      exceptRegistrationId === null ? sql`` : sql` and ${payments.registrationId} <> ${exceptRegistrationId}`
    })))::int`;

function discountCodeOf(row: CodeRow & { uses: number }): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    offerId: row.offerId,
    kind: row.kind,
    value: Number(row.value),
    maxUses: row.maxUses,
    uses: Number(row.uses),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    status: row.status,
  };
}

async function requireOfferExists(db: DbOrTx, offerId: number): Promise<void> {
  const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  if (!offer) throw new AppError('not_found');
}

/** An offer's codes, and the ones valid for every offer; platform admins. */
export async function listDiscountCodes(caller: Caller, offerId: number): Promise<DiscountCode[]> {
  requireManageRegistrations(caller);
  const db = await getDb();
  await requireOfferExists(db, offerId);
  const rows = await db
    .select({ row: discountCodes, uses: usesSql(discountCodes.id) })
    .from(discountCodes)
    .where(or(eq(discountCodes.offerId, offerId), isNull(discountCodes.offerId)))
    .orderBy(asc(discountCodes.code));
  return rows.map(({ row, uses }) => discountCodeOf({ ...row, uses }));
}

async function getDiscountCode(db: DbOrTx, codeId: number): Promise<DiscountCode> {
  const [found] = await db.select({ row: discountCodes, uses: usesSql(discountCodes.id) }).from(discountCodes).where(eq(discountCodes.id, codeId));
  if (!found) throw new AppError('not_found');
  return discountCodeOf({ ...found.row, uses: found.uses });
}

/** Creates a code for an offer (or, with `forEveryOffer`, for all of them); platform admins. */
export async function createDiscountCode(caller: Caller, offerId: number, body: CreateDiscountCodeBody): Promise<DiscountCode> {
  requireManageRegistrations(caller);
  const db = await getDb();
  await requireOfferExists(db, offerId);
  try {
    const [row] = await db
      .insert(discountCodes)
      .values({
        code: body.code,
        offerId: body.forEveryOffer ? null : offerId,
        kind: body.kind,
        value: body.value,
        maxUses: body.maxUses,
        startsAt: body.startsAt ? new Date(body.startsAt) : null,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        status: body.status,
      })
      .returning({ id: discountCodes.id });
    return getDiscountCode(db, row!.id);
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw new AppError('validation_failed', { fields: { code: 'validation.discountCode.taken' } });
    throw error;
  }
}

/** Changes a code's limit, dates or status (its code, kind and value stay: payments were priced with them); platform admins. */
export async function updateDiscountCode(caller: Caller, codeId: number, body: UpdateDiscountCodeBody): Promise<DiscountCode> {
  requireManageRegistrations(caller);
  const db = await getDb();
  const current = await getDiscountCode(db, codeId);
  const startsAt = body.startsAt !== undefined ? body.startsAt : current.startsAt;
  const endsAt = body.endsAt !== undefined ? body.endsAt : current.endsAt;
  if (startsAt && endsAt && new Date(endsAt) <= new Date(startsAt)) throw new AppError('validation_failed', { fields: { endsAt: 'validation.date.endBeforeStart' } });
  await db
    .update(discountCodes)
    .set({
      ...(body.maxUses !== undefined && { maxUses: body.maxUses }),
      ...(body.status !== undefined && { status: body.status }),
      startsAt: startsAt ? new Date(startsAt) : null,
      endsAt: endsAt ? new Date(endsAt) : null,
      updatedAt: new Date(),
    })
    .where(eq(discountCodes.id, codeId));
  return getDiscountCode(db, codeId);
}

const invalidCode = (key: string) => new AppError('validation_failed', { fields: { discountCode: `validation.discountCode.${key}` } });

/**
 * The code a buyer typed, locked for the rest of the transaction (so two
 * buyers cannot both take its last use): a field error when it does not
 * exist, is not for this offer, is inactive, outside its dates or used up
 * (by others than the buyer's registration, `registrationId`).
 */
export async function requireUsableCode(tx: Tx, code: string, offerId: number, now = new Date(), registrationId: number | null = null): Promise<CodeRow> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase())).for('update');
  if (!row || row.status !== 'ACTIVE' || (row.offerId !== null && row.offerId !== offerId)) throw invalidCode('unknown');
  if (row.startsAt && row.startsAt > now) throw invalidCode('notStarted');
  if (row.endsAt && row.endsAt <= now) throw invalidCode('ended');
  if (row.maxUses !== null) {
    const [used] = await tx.select({ uses: usesSql(row.id, registrationId) }).from(discountCodes).where(eq(discountCodes.id, row.id));
    if (Number(used?.uses ?? 0) >= row.maxUses) throw invalidCode('usedUp');
  }
  return row;
}

/**
 * A price after a code, in the payment's currency: a percentage of it, or a
 * fixed COP amount (for a US-dollar price, the same share of the COP price).
 * Never below zero; rounded to the unit.
 */
export function discountedAmountOf(code: Pick<CodeRow, 'kind' | 'value'> | null, listAmount: number, copListAmount: number): number {
  if (!code) return listAmount;
  const value = Number(code.value);
  if (code.kind === 'percent') return Math.max(0, Math.round((listAmount * (100 - value)) / 100));
  if (copListAmount <= 0) return 0;
  const copAfter = Math.max(0, copListAmount - value);
  return Math.max(0, Math.round((listAmount * copAfter) / copListAmount));
}
