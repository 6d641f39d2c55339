/** Registrations as people and admins read them: one's own, or (platform admins) everyone's with filters, each with its newest payment. */
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Page } from '~/lib/shared/pagination';
import { pageWindow } from '~/lib/shared/pagination';
import type { Registration, RegistrationListQuery, RegistrationStatus } from '~/lib/shared/schemas/registrations';
import { canManageRegistrations, requireSeeRegistrationOf, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { crmDeliveries, offers, payments, registrations, users } from '~/lib/server/db/schema';
import { containsPattern } from '~/lib/server/db/like-pattern';
import { toPage } from '~/lib/server/http/pagination';

const columns = {
  id: registrations.id,
  status: registrations.status,
  holdExpiresAt: registrations.holdExpiresAt,
  verifiedAt: registrations.verifiedAt,
  enrolledAt: registrations.enrolledAt,
  createdAt: registrations.createdAt,
  offerId: offers.id,
  offerSlug: offers.slug,
  offerTitle: offers.title,
  cohortId: offers.cohortId,
  price: offers.priceCents,
  priceUsd: offers.priceUsdCents,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  crmId: crmDeliveries.id,
  crmStatus: crmDeliveries.status,
  crmAttempts: crmDeliveries.attempts,
  crmLastStatusCode: crmDeliveries.lastStatusCode,
  crmLastError: crmDeliveries.lastError,
  crmDeliveredAt: crmDeliveries.deliveredAt,
};

const selectRegistrations = (db: DbOrTx) =>
  db
    .select(columns)
    .from(registrations)
    .innerJoin(offers, eq(offers.id, registrations.offerId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(crmDeliveries, eq(crmDeliveries.registrationId, registrations.id));

type Row = Awaited<ReturnType<ReturnType<typeof selectRegistrations>['execute']>>[number];
type PaymentRow = typeof payments.$inferSelect;

/** The newest payment of each registration. */
async function latestPaymentsOf(db: DbOrTx, registrationIds: number[]): Promise<Map<number, PaymentRow>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db.select().from(payments).where(inArray(payments.registrationId, registrationIds)).orderBy(desc(payments.createdAt), desc(payments.id));
  const latest = new Map<number, PaymentRow>();
  for (const row of rows) if (!latest.has(row.registrationId)) latest.set(row.registrationId, row);
  return latest;
}

function registrationOf(row: Row, payment: PaymentRow | undefined, withCrm: boolean): Registration {
  return {
    id: row.id,
    status: row.status as RegistrationStatus,
    offer: { id: row.offerId, slug: row.offerSlug, title: row.offerTitle, cohortId: row.cohortId, price: Number(row.price), priceUsd: row.priceUsd === null ? null : Number(row.priceUsd) },
    person: { id: row.userId, email: row.email, firstName: row.firstName, lastName: row.lastName },
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    enrolledAt: row.enrolledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payment: payment
      ? { id: payment.id, provider: payment.provider, reference: payment.reference, amount: payment.amountCents, currency: payment.currency, status: payment.status, createdAt: payment.createdAt.toISOString() }
      : null,
    ...(withCrm && {
      crm:
        row.crmId === null
          ? null
          : { id: row.crmId, status: row.crmStatus!, attempts: row.crmAttempts!, lastStatusCode: row.crmLastStatusCode, lastError: row.crmLastError, deliveredAt: row.crmDeliveredAt?.toISOString() ?? null },
    }),
  };
}

/** One registration: its person's, or any for platform admins (with its CRM delivery); 404 for anyone else. */
export async function getRegistration(caller: Caller, registrationId: number): Promise<Registration> {
  const db = await getDb();
  const [row] = await selectRegistrations(db).where(eq(registrations.id, registrationId));
  if (!row) throw new AppError('not_found');
  requireSeeRegistrationOf(caller, row.userId);
  const latest = await latestPaymentsOf(db, [row.id]);
  return registrationOf(row, latest.get(row.id), canManageRegistrations(caller));
}


/** Registrations, newest first: one's own (always, with `ownOnly`); platform admins everyone's, filtered by offer, state, CRM state or person. */
export async function listRegistrations(caller: Caller, query: RegistrationListQuery, requestUrl: string, options: { ownOnly?: boolean } = {}): Promise<Page<Registration>> {
  const db = await getDb();
  const isAdmin = canManageRegistrations(caller) && !options.ownOnly;
  const conditions: SQL[] = [];
  if (!isAdmin) conditions.push(eq(registrations.userId, caller.id));
  if (query.offer) conditions.push(eq(registrations.offerId, query.offer));
  if (query.status) conditions.push(eq(registrations.status, query.status));
  if (isAdmin && query.crm) conditions.push(eq(crmDeliveries.status, query.crm));
  if (isAdmin && query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!);
  }
  const where = and(...conditions);
  const { offset, limit } = pageWindow(query.page);
  const rows = await selectRegistrations(db).where(where).orderBy(desc(registrations.createdAt), desc(registrations.id)).limit(limit).offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(crmDeliveries, eq(crmDeliveries.registrationId, registrations.id))
    .where(where);
  const latest = await latestPaymentsOf(db, rows.map((row) => row.id));
  return toPage(rows.map((row) => registrationOf(row, latest.get(row.id), isAdmin)), total?.value ?? 0, query.page, requestUrl);
}
