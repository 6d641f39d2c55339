/** Payments as buyers and admins read them: one's own, or (platform admins) everyone's with filters and each one's audit trail. */
import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Page } from '~/lib/shared/pagination';
import { pageWindow } from '~/lib/shared/pagination';
import type { Payment, PaymentDetail, PaymentFilters } from '~/lib/shared/schemas/payments';
import { canManageRegistrations, requireManageRegistrations, requireSeeRegistrationOf, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { discountCodes, offers, paymentEvents, payments, users } from '~/lib/server/db/schema';
import { containsPattern } from '~/lib/server/db/like-pattern';
import { toPage } from '~/lib/server/http/pagination';

export type PaymentRow = typeof payments.$inferSelect;

/** Where the buyer still has something to do: the checkout of a pending payment; nothing once it is settled. */
const redirectUrlOf = (row: PaymentRow) => (row.status === 'pending' ? row.checkoutUrl : null);

/** A payment row as the API gives it. */
export function paymentOf(row: PaymentRow, code: string | null): Payment {
  return {
    id: row.id,
    registrationId: row.registrationId,
    offerId: row.offerId,
    provider: row.provider,
    reference: row.reference,
    amount: row.amountCents,
    currency: row.currency,
    listAmount: row.listAmountCents,
    discountCode: code,
    status: row.status,
    redirectUrl: redirectUrlOf(row),
    paymentMethod: row.paymentMethod,
    attention: row.attention,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  };
}

/** A payment with its code, by id (no access check: callers check it). */
export async function findPaymentRow(db: DbOrTx, paymentId: number): Promise<{ row: PaymentRow; code: string | null } | null> {
  const [found] = await db.select({ row: payments, code: discountCodes.code }).from(payments).leftJoin(discountCodes, eq(discountCodes.id, payments.discountCodeId)).where(eq(payments.id, paymentId));
  return found ?? null;
}

/** One payment: its buyer's, or any for platform admins; 404 for anyone else. */
export async function getPayment(caller: Caller, paymentId: number): Promise<Payment> {
  const db = await getDb();
  const found = await findPaymentRow(db, paymentId);
  if (!found) throw new AppError('not_found');
  requireSeeRegistrationOf(caller, found.row.userId);
  return paymentOf(found.row, found.code);
}

/** One payment with its buyer, offer and every event the providers sent about it; platform admins. */
export async function getPaymentDetail(caller: Caller, paymentId: number): Promise<PaymentDetail> {
  requireManageRegistrations(caller);
  const db = await getDb();
  const found = await findPaymentRow(db, paymentId);
  if (!found) throw new AppError('not_found');
  const [person] = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, found.row.userId));
  const [offer] = await db.select({ title: offers.title }).from(offers).where(eq(offers.id, found.row.offerId));
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
  return {
    ...paymentOf(found.row, found.code),
    person: person!,
    offerTitle: offer!.title,
    providerOrderId: found.row.providerOrderId,
    providerTransactionId: found.row.providerTransactionId,
    events: events.map((event) => ({ id: event.id, source: event.source, eventType: event.eventType, providerStatus: event.providerStatus, outcome: event.outcome, receivedAt: event.receivedAt.toISOString() })),
  };
}

/** Bogotá midnight of a `YYYY-MM-DD` day (UTC−5 all year). */
const bogotaDayStart = (day: string) => new Date(`${day}T00:00:00-05:00`);

/** The SQL condition of the admin's filters (also the export's). */
export function paymentFilterSql(filters: PaymentFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(payments.status, filters.status));
  if (filters.provider) conditions.push(eq(payments.provider, filters.provider));
  if (filters.offer) conditions.push(eq(payments.offerId, filters.offer));
  if (filters.from) conditions.push(gte(payments.createdAt, bogotaDayStart(filters.from)));
  if (filters.to) conditions.push(lt(payments.createdAt, new Date(bogotaDayStart(filters.to).getTime() + 24 * 60 * 60 * 1000)));
  if (filters.attention === 'true') conditions.push(isNotNull(payments.attention));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(payments.reference, pattern), ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!);
  }
  return and(...conditions);
}

export interface PaymentListItem extends Payment {
  person: { id: number; email: string; name: string };
  offerTitle: string;
}

/** Payments, newest first: one's own; platform admins everyone's, with the filters. */
export async function listPayments(caller: Caller, filters: PaymentFilters & { page: number }, requestUrl: string): Promise<Page<PaymentListItem>> {
  const db = await getDb();
  const isAdmin = canManageRegistrations(caller);
  const where = isAdmin ? paymentFilterSql(filters) : and(eq(payments.userId, caller.id), filters.status ? eq(payments.status, filters.status) : undefined);
  const { offset, limit } = pageWindow(filters.page);
  const rows = await db
    .select({ row: payments, code: discountCodes.code, email: users.email, firstName: users.firstName, lastName: users.lastName, offerTitle: offers.title })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(offers, eq(offers.id, payments.offerId))
    .leftJoin(discountCodes, eq(discountCodes.id, payments.discountCodeId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(where);
  const items = rows.map((item) => ({
    ...paymentOf(item.row, item.code),
    person: { id: item.row.userId, email: item.email, name: `${item.firstName} ${item.lastName}`.trim() },
    offerTitle: item.offerTitle,
  }));
  return toPage(items, total?.value ?? 0, filters.page, requestUrl);
}
