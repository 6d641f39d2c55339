/**
 * Program offers: a cohort open to public sign-up, with its seats, window
 * and price. Anyone reads the ACTIVE ones; platform admins create and change
 * them and see every one.
 */
import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Page } from '~/lib/shared/pagination';
import { pageWindow } from '~/lib/shared/pagination';
import type { CreateOfferBody, Offer, UpdateOfferBody } from '~/lib/shared/schemas/registrations';
import { canManageRegistrations, requireManageRegistrations, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { cohorts, offers, programs } from '~/lib/server/db/schema';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';
import { toPage } from '~/lib/server/http/pagination';
import { seatsLeftSql } from './seats';

const offerColumns = {
  id: offers.id,
  slug: offers.slug,
  title: offers.title,
  description: offers.description,
  cohortId: offers.cohortId,
  cohortName: cohorts.name,
  programName: programs.name,
  startsOn: cohorts.startsOn,
  endsOn: cohorts.endsOn,
  seats: offers.seats,
  seatsLeft: seatsLeftSql(),
  price: offers.priceCents,
  priceUsd: offers.priceUsdCents,
  opensAt: offers.opensAt,
  closesAt: offers.closesAt,
  status: offers.status,
};

type OfferRecord = { [K in keyof typeof offerColumns]: unknown } & { opensAt: Date; closesAt: Date; seatsLeft: number; status: 'ACTIVE' | 'INACTIVE' };

/** Whether people may sign up now: ACTIVE, inside its window, with a seat left. */
export function isOfferOpen(offer: { status: string; opensAt: Date; closesAt: Date }, seatsLeft: number, now = new Date()): boolean {
  return offer.status === 'ACTIVE' && offer.opensAt <= now && now < offer.closesAt && seatsLeft > 0;
}

function offerOf(row: OfferRecord, now = new Date()): Offer {
  return {
    id: row.id as number,
    slug: row.slug as string,
    title: row.title as string,
    description: row.description as string,
    cohortId: row.cohortId as number,
    cohortName: row.cohortName as string,
    programName: (row.programName as string | null) ?? null,
    startsOn: (row.startsOn as string | null) ?? null,
    endsOn: (row.endsOn as string | null) ?? null,
    seats: row.seats as number,
    seatsLeft: Number(row.seatsLeft),
    price: Number(row.price),
    currency: 'COP',
    priceUsd: row.priceUsd === null ? null : Number(row.priceUsd),
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    status: row.status,
    isOpen: isOfferOpen(row, Number(row.seatsLeft), now),
  };
}

const selectOffers = (db: DbOrTx) => db.select(offerColumns).from(offers).innerJoin(cohorts, eq(cohorts.id, offers.cohortId)).leftJoin(programs, eq(programs.id, cohorts.programId));

/** What the public sees: ACTIVE offers whose window has opened and not closed (full ones included, shown as full). */
const publicCondition = (): SQL => and(eq(offers.status, 'ACTIVE'), lte(offers.opensAt, sql`now()`), gt(offers.closesAt, sql`now()`))!;

/** Offers, a page at a time: the open ones for everyone (soonest closing first); with `scope=all`, every offer for platform admins (403 for others). */
export async function listOffers(caller: Caller | null, query: { page: number; scope: 'open' | 'all' }, requestUrl: string): Promise<Page<Offer>> {
  if (query.scope === 'all') requireManageRegistrations(caller);
  const db = await getDb();
  const where = query.scope === 'all' ? undefined : publicCondition();
  const { offset, limit } = pageWindow(query.page);
  const rows = (await selectOffers(db)
    .where(where)
    .orderBy(query.scope === 'all' ? desc(offers.createdAt) : asc(offers.closesAt), asc(offers.id))
    .limit(limit)
    .offset(offset)) as OfferRecord[];
  const [total] = await db.select({ value: count() }).from(offers).where(where);
  return toPage(rows.map((row) => offerOf(row)), total?.value ?? 0, query.page, requestUrl);
}

/** One offer by id: ACTIVE ones for everyone, any for platform admins; otherwise 404. */
export async function getOffer(caller: Caller | null, offerId: number): Promise<Offer> {
  const db = await getDb();
  const [row] = (await selectOffers(db).where(eq(offers.id, offerId))) as OfferRecord[];
  if (!row || (row.status !== 'ACTIVE' && !canManageRegistrations(caller))) throw new AppError('not_found');
  return offerOf(row);
}

/** One ACTIVE offer by its address (the public sign-up page); null when there is none. */
export async function findOfferBySlug(slug: string): Promise<Offer | null> {
  const db = await getDb();
  const [row] = (await selectOffers(db).where(and(eq(offers.slug, slug.slice(0, 80)), eq(offers.status, 'ACTIVE')))) as OfferRecord[];
  return row ? offerOf(row) : null;
}

/** The offers currently open to sign-up, for the public list page. */
export async function listOpenOffers(): Promise<Offer[]> {
  const db = await getDb();
  const rows = (await selectOffers(db).where(publicCondition()).orderBy(asc(offers.closesAt), asc(offers.id)).limit(100)) as OfferRecord[];
  return rows.map((row) => offerOf(row));
}

const slugTaken = () => new AppError('validation_failed', { fields: { slug: 'validation.slug.taken' } });

async function requireCohort(db: DbOrTx, cohortId: number): Promise<void> {
  const [cohort] = await db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!cohort) throw new AppError('unknown_reference', { params: { keys: `cohortId ${cohortId}` } });
}

/** Creates an offer for a cohort; platform admins. */
export async function createOffer(caller: Caller, body: CreateOfferBody): Promise<Offer> {
  requireManageRegistrations(caller);
  const db = await getDb();
  await requireCohort(db, body.cohortId);
  try {
    const [row] = await db
      .insert(offers)
      .values({
        cohortId: body.cohortId,
        slug: body.slug,
        title: body.title,
        description: body.description,
        seats: body.seats,
        priceCents: body.price,
        priceUsdCents: body.priceUsd,
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        status: body.status,
      })
      .returning({ id: offers.id });
    return getOffer(caller, row!.id);
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw slugTaken();
    throw error;
  }
}

/** Changes an offer (seats, price, window, status…); people already signed up keep their seats and price. Platform admins. */
export async function updateOffer(caller: Caller, offerId: number, body: UpdateOfferBody): Promise<Offer> {
  requireManageRegistrations(caller);
  const db = await getDb();
  const [current] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!current) throw new AppError('not_found');
  const opensAt = body.opensAt ? new Date(body.opensAt) : current.opensAt;
  const closesAt = body.closesAt ? new Date(body.closesAt) : current.closesAt;
  if (closesAt <= opensAt) throw new AppError('validation_failed', { fields: { closesAt: 'validation.date.endBeforeStart' } });
  try {
    await db
      .update(offers)
      .set({
        ...(body.slug !== undefined && { slug: body.slug }),
        ...(body.title !== undefined && { title: body.title }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.seats !== undefined && { seats: body.seats }),
        ...(body.price !== undefined && { priceCents: body.price }),
        ...(body.priceUsd !== undefined && { priceUsdCents: body.priceUsd }),
        ...(body.status !== undefined && { status: body.status }),
        opensAt,
        closesAt,
        updatedAt: new Date(),
      })
      .where(eq(offers.id, offerId));
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw slugTaken();
    throw error;
  }
  return getOffer(caller, offerId);
}
