/**
 * Seats: an offer's seats are taken by enrolled registrations and held by
 * verified sign-ups waiting for their payment until their hold expires. A
 * sign-up whose e-mail nobody has confirmed holds nothing (anyone can type
 * an address): its seat is taken when the address is verified. A seat is
 * only ever taken with the offer's row locked (`for update`), so concurrent
 * sign-ups line up and an offer is never oversold.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { getConfig } from '~/lib/server/config';
import { getDb, type Tx } from '~/lib/server/db/client';
import { offers, registrations } from '~/lib/server/db/schema';

/** SQL condition over `registrations`: the registration takes or holds a seat now. */
export const takesSeatSql = (): SQL =>
  sql`(${registrations.status} = 'enrolled' or (${registrations.status} = 'pending_payment' and ${registrations.holdExpiresAt} > now()))`;

/**
 * SQL, in a query over `offers`: the offer's seats left (never below 0). The
 * names are written out in full: in a query over one table Drizzle leaves
 * columns unqualified, and inside the subquery `"id"` would be the
 * registration's own id.
 */
export const seatsLeftSql = (): SQL =>
  sql<number>`greatest(0, "offers"."seats" - (select count(*) from ${registrations} where "registrations"."offer_id" = "offers"."id" and ${takesSeatSql()}))::int`;

export type OfferRow = typeof offers.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;

/** Until when a seat taken now is held for its payment (REGISTRATION_HOLD_H). */
export const holdUntil = (now: Date) => new Date(now.getTime() + getConfig().REGISTRATION_HOLD_H * HOUR_MS);

/** Locks the offer's row for the rest of the transaction (the seat count is read after it); 404 when it does not exist. */
export async function lockOffer(tx: Tx, offerId: number): Promise<OfferRow> {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!offer) throw new AppError('not_found');
  return offer;
}

/** Seats taken or held, leaving one registration out (its own hold is being renewed). */
async function countTaken(tx: Tx, offerId: number, exceptRegistrationId: number | null): Promise<number> {
  const [row] = await tx
    .select({ taken: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.offerId, offerId), takesSeatSql(), exceptRegistrationId === null ? undefined : sql`${registrations.id} <> ${exceptRegistrationId}`));
  return Number(row?.taken ?? 0);
}

/** Whether a seat is free for this registration (null: a new one), with the offer locked. */
export async function hasFreeSeat(tx: Tx, offer: OfferRow, exceptRegistrationId: number | null): Promise<boolean> {
  return (await countTaken(tx, offer.id, exceptRegistrationId)) < offer.seats;
}

/** Throws 409 offer_full unless a seat is free for this registration (the offer locked by the caller). */
export async function requireFreeSeat(tx: Tx, offer: OfferRow, exceptRegistrationId: number | null): Promise<void> {
  if (!(await hasFreeSeat(tx, offer, exceptRegistrationId))) throw new AppError('offer_full');
}

/** Whether a registration holds its seat right now (enrolled, or verified and waiting for its payment with a hold not yet expired). */
export function holdsSeat(registration: { status: string; holdExpiresAt: Date | null }, now = new Date()): boolean {
  if (registration.status === 'enrolled') return true;
  return registration.status === 'pending_payment' && registration.holdExpiresAt !== null && registration.holdExpiresAt > now;
}

/**
 * An offer as a sign-up sees it without its lock: its state and window, its
 * title and address (for the e-mail and the CRM), and the seats left right
 * now — a quick "full" for the crowd arriving at a full offer. Only a
 * refusal is trusted from it; a seat is still taken under the lock. 404 when
 * it does not exist.
 */
export async function readOfferForSignUp(offerId: number): Promise<OfferRow & { seatsLeft: number }> {
  const db = await getDb();
  const [offer] = await db
    .select({ offer: offers, seatsLeft: seatsLeftSql() })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!offer) throw new AppError('not_found');
  return { ...offer.offer, seatsLeft: Number(offer.seatsLeft) };
}
