/**
 * Asking the providers where a payment stands, rather than waiting to be
 * told: when the buyer comes back from the checkout (whichever of this and
 * the notification comes first enrols), when an admin or the buyer asks
 * "check now", and every five minutes for every payment still pending
 * (`payments.reconcile`), so a lost notification never leaves a paid
 * person out. A payment nobody paid within a day expires, freeing its seat.
 */
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Payment } from '~/lib/shared/schemas/payments';
import { requireSeeRegistrationOf, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { payments } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { capturePaypalOrder, isPaypalConfigured } from './providers/paypal';
import { ProviderCallError } from '~/lib/server/http/provider-http';
import { lookupAtProvider } from './providers';
import type { ReportedState } from './providers/reported-state';
import { fetchWompiTransaction, isWompiConfigured, stateOfWompiTransaction } from './providers/wompi';
import { applyReportedState, type ReportSource } from './apply-reported-state';
import { findPaymentRow, paymentOf, type PaymentRow } from './payment-views';

export const RECONCILE_QUEUE = 'payments.reconcile';
/** A pending payment is looked up once it is this old (the buyer may still be at the checkout before). */
const LOOKUP_AFTER_MS = 2 * 60_000;
/** A pending payment the provider knows nothing about after this long expires. */
export const PAYMENT_EXPIRY_MS = 24 * 60 * 60_000;
/** Pending payments are looked up for this long at most. */
const LOOKUP_FOR_MS = 7 * 24 * 60 * 60_000;
const BATCH = 200;

/** Asks the provider about one payment and applies the answer; a pending one it knows nothing of expires after a day. */
async function reconcileRow(row: PaymentRow, source: ReportSource['source'], now: Date): Promise<void> {
  const db = await getDb();
  let reported: ReportedState | null;
  try {
    reported = await lookupAtProvider(db, row);
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error;
    log.warn({ event: 'payment_lookup_failed', paymentId: row.id, provider: row.provider, reason: error.message }, 'the provider could not be asked now; trying again later');
    if (source === 'admin') throw new AppError('payment_provider_unavailable');
    return;
  }
  if (reported) {
    await applyReportedState({ provider: row.provider, paymentId: row.id }, reported, { source, eventType: 'lookup' }, now);
    return;
  }
  await db.update(payments).set({ lastCheckedAt: now }).where(eq(payments.id, row.id));
  if (row.status === 'pending' && now.getTime() - row.createdAt.getTime() > PAYMENT_EXPIRY_MS) {
    await db.update(payments).set({ status: 'expired', failureReason: 'no_payment_at_provider', updatedAt: now }).where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
    log.info({ event: 'payment_expired', paymentId: row.id }, 'pending payment expired: the provider knows of no payment');
  }
}

/**
 * The reconciliation job: every pending payment older than two minutes (and
 * younger than a week), and every one declined in the last day, looked up at
 * its provider, least recently checked first. Answers how many were looked up.
 */
export async function reconcilePendingPayments(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(payments)
    .where(
      or(
        and(eq(payments.status, 'pending'), lt(payments.createdAt, new Date(now.getTime() - LOOKUP_AFTER_MS)), gt(payments.createdAt, new Date(now.getTime() - LOOKUP_FOR_MS))),
        // A declined card may be followed by another try on the same checkout (Wompi keeps the reference): looked up for a day.
        and(eq(payments.status, 'declined'), gt(payments.createdAt, new Date(now.getTime() - PAYMENT_EXPIRY_MS))),
      ),
    )
    .orderBy(sql`${payments.lastCheckedAt} nulls first`)
    .limit(BATCH);
  for (const row of rows) await reconcileRow(row, 'lookup', now);
  return rows.length;
}

/** "Check now": asks the provider about one payment (its buyer or a platform admin); answers it as it stands after. */
export async function reconcilePayment(caller: Caller, paymentId: number, now = new Date()): Promise<Payment> {
  const db = await getDb();
  const found = await findPaymentRow(db, paymentId);
  if (!found) throw new AppError('not_found');
  requireSeeRegistrationOf(caller, found.row.userId);
  if (found.row.provider !== 'free') await reconcileRow(found.row, 'admin', now);
  const after = await findPaymentRow(db, paymentId);
  return paymentOf(after!.row, after!.code);
}

/**
 * The buyer is back from the checkout (`/payments/return`): the provider is
 * asked at once with what it put in the address (Wompi's transaction id,
 * PayPal's order, which is captured now) so the person sees the outcome
 * without waiting for the notification. Answers the payment as it stands.
 */
export async function confirmReturn(caller: Caller, input: { reference: string; transactionId?: string | null; orderId?: string | null }, now = new Date()): Promise<Payment> {
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.reference, input.reference));
  if (!row) throw new AppError('not_found');
  requireSeeRegistrationOf(caller, row.userId);
  // Declined or expired too: the buyer may have paid on a second try at the same checkout.
  if (row.status === 'pending' || row.status === 'declined' || row.status === 'expired') {
    try {
      const reported = await reportOnReturn(row, input);
      if (reported) await applyReportedState({ provider: row.provider, paymentId: row.id }, reported, { source: row.provider === 'paypal' ? 'capture' : 'return', eventType: 'return' }, now);
    } catch (error) {
      // The notification or the reconciliation will tell; the page says it is being confirmed.
      if (!(error instanceof ProviderCallError)) throw error;
      log.warn({ event: 'payment_return_lookup_failed', paymentId: row.id, reason: error.message }, 'the provider could not confirm the payment on return');
    }
  }
  const after = await findPaymentRow(db, row.id);
  return paymentOf(after!.row, after!.code);
}

async function reportOnReturn(row: PaymentRow, input: { transactionId?: string | null; orderId?: string | null }): Promise<ReportedState | null> {
  if (row.provider === 'wompi' && input.transactionId && isWompiConfigured()) {
    const transaction = await fetchWompiTransaction(input.transactionId);
    // Only a transaction of this payment's reference counts (an address can be edited).
    return transaction && transaction.reference === row.reference ? stateOfWompiTransaction(transaction) : null;
  }
  if (row.provider === 'paypal') {
    if (!isPaypalConfigured() || !row.providerOrderId || (input.orderId && input.orderId !== row.providerOrderId)) return null;
    return capturePaypalOrder(row.providerOrderId, row.reference);
  }
  return lookupAtProvider(await getDb(), row);
}

/** PayPal's capture call (POST /api/payments/paypal/capture/): the order's payment, captured and applied; the buyer or a platform admin. */
export async function capturePaypalPayment(caller: Caller, orderId: string, now = new Date()): Promise<Payment> {
  const db = await getDb();
  const [row] = await db.select({ reference: payments.reference }).from(payments).where(and(eq(payments.provider, 'paypal'), eq(payments.providerOrderId, orderId)));
  if (!row) throw new AppError('not_found');
  return confirmReturn(caller, { reference: row.reference, orderId }, now);
}

/**
 * Wompi's transaction lookup (GET /api/payments/wompi/transactions/{id}/):
 * applied to the payment of its reference; the buyer or a platform admin. A
 * transaction we already know is checked against its payment's person before
 * Wompi is asked; 404 when Wompi is not configured or nobody knows it.
 */
export async function lookupWompiTransaction(caller: Caller, transactionId: string, now = new Date()): Promise<Payment> {
  if (!isWompiConfigured()) throw new AppError('not_found');
  const db = await getDb();
  const [known] = await db.select({ userId: payments.userId }).from(payments).where(and(eq(payments.provider, 'wompi'), eq(payments.providerTransactionId, transactionId)));
  if (known) requireSeeRegistrationOf(caller, known.userId);
  let transaction;
  try {
    transaction = await fetchWompiTransaction(transactionId);
  } catch (error) {
    if (error instanceof ProviderCallError) throw new AppError('payment_provider_unavailable');
    throw error;
  }
  if (!transaction) throw new AppError('not_found');
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, 'wompi'), eq(payments.reference, String(transaction.reference))));
  if (!row) throw new AppError('not_found');
  requireSeeRegistrationOf(caller, row.userId);
  await applyReportedState({ provider: 'wompi', paymentId: row.id }, stateOfWompiTransaction(transaction), { source: 'lookup', eventType: 'transaction_lookup' }, now);
  const after = await findPaymentRow(db, row.id);
  return paymentOf(after!.row, after!.code);
}
