/**
 * Seats: an offer's seats are taken by enrolled registrations and held by
 * sign-ups still in progress until their hold expires. A seat is only ever
 * taken with the offer's row locked (`for update`), so concurrent sign-ups
 * line up and an offer is never oversold.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { getDb, type Tx } from '~/lib/server/db/client';
import { offers, registrations } from '~/lib/server/db/schema';

/** SQL condition over `registrations`: the registration takes or holds a seat now. */
export const takesSeatSql = (): SQL =>
  sql`(${registrations.status} = 'enrolled' or (${registrations.status} in ('pending_verification', 'pending_payment') and ${registrations.holdExpiresAt} > now()))`;

/** SQL: the seats left of the offer whose id is in `offerId` (never below 0). */
export const seatsLeftSql = (offerId: SQL | typeof offers.id): SQL =>
  sql<number>`greatest(0, ${offers.seats} - (select count(*) from ${registrations} where ${registrations.offerId} = ${offerId} and ${takesSeatSql()}))::int`;

export type OfferRow = typeof offers.$inferSelect;

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

/** Whether a registration holds its seat right now (enrolled, or in progress with a hold not yet expired). */
export function holdsSeat(registration: { status: string; holdExpiresAt: Date | null }, now = new Date()): boolean {
  if (registration.status === 'enrolled') return true;
  return (registration.status === 'pending_verification' || registration.status === 'pending_payment') && registration.holdExpiresAt !== null && registration.holdExpiresAt > now;
}

/**
 * An offer as a sign-up sees it before queueing for its lock: its title and
 * address (for the e-mail and the CRM), and the seats left right now — a
 * quick "full" for the crowd arriving at a full offer. Only a refusal is
 * trusted from it; a seat is still taken under the lock. 404 when it does not exist.
 */
export async function readOfferForSignUp(offerId: number): Promise<{ title: string; slug: string; seatsLeft: number }> {
  const db = await getDb();
  const [offer] = await db.select({ title: offers.title, slug: offers.slug, seatsLeft: seatsLeftSql(offers.id) }).from(offers).where(eq(offers.id, offerId));
  if (!offer) throw new AppError('not_found');
  return { ...offer, seatsLeft: Number(offer.seatsLeft) };
}
