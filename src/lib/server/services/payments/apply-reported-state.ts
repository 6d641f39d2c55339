/**
 * What happens when a provider tells us where a payment stands, from any
 * door: its notification, the buyer's return, a capture, the reconciliation
 * job, an admin's "check now". One transaction locks the payment's row, so
 * the return and the notification racing each other line up and exactly one
 * enrols. A notification's key is stored with it (unique), so the same event
 * a hundred times is applied once. The state machine (payment-transitions.ts)
 * ignores what arrives out of order; an approval is honoured only for the
 * amount and currency the server priced.
 */
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { PaymentAttention, PaymentProvider, PaymentStatus } from '~/lib/shared/schemas/payments';
import { getDb, type Tx } from '~/lib/server/db/client';
import { offers, paymentEvents, payments, registrations, users } from '~/lib/server/db/schema';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';
import { log } from '~/lib/server/log';
import type { ReportedState } from './providers/reported-state';
import { queueMail, sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { enrolRegistration, pauseRegistration } from '~/lib/server/services/registrations/enrol';
import { hasFreeSeat, holdsSeat, lockOffer } from '~/lib/server/services/registrations/seats';
import { isMoneyTaken, nextPaymentStatus } from './payment-transitions';
import type { PaymentRow } from './payment-views';

export type ApplyOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown_payment' | 'amount_mismatch';

/** Which payment a report is about: ours by id, or the provider's ids and our reference as it echoes them. */
export interface PaymentKey {
  provider: PaymentProvider;
  paymentId?: number;
  reference?: string | null;
  transactionId?: string | null;
  orderId?: string | null;
}

export interface ReportSource {
  source: 'notification' | 'return' | 'lookup' | 'capture' | 'admin';
  /** A notification's unique key (PayPal's event id, Wompi's checksum): the same key twice is a duplicate. */
  eventKey?: string | null;
  eventType: string;
  payload?: unknown;
}

async function lockPayment(tx: Tx, key: PaymentKey): Promise<PaymentRow | null> {
  const ways: SQL[] = [];
  if (key.paymentId !== undefined) ways.push(eq(payments.id, key.paymentId));
  if (key.reference) ways.push(eq(payments.reference, key.reference));
  if (key.transactionId) ways.push(and(eq(payments.provider, key.provider), eq(payments.providerTransactionId, key.transactionId))!);
  if (key.orderId) ways.push(and(eq(payments.provider, key.provider), eq(payments.providerOrderId, key.orderId))!);
  if (ways.length === 0) return null;
  const [row] = await tx.select().from(payments).where(or(...ways)).limit(1).for('update');
  return row && row.provider === key.provider ? row : null;
}

/** Every active platform admin is told, in their language, about a payment that needs them. */
async function alertAdmins(tx: Tx, payment: PaymentRow, attention: PaymentAttention): Promise<number[]> {
  const admins = await tx.select({ id: users.id, email: users.email, language: users.language }).from(users).where(and(eq(users.userType, 'admin'), eq(users.status, 'ACTIVE')));
  const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId));
  const [offer] = await tx.select({ title: offers.title }).from(offers).where(eq(offers.id, payment.offerId));
  log.warn({ event: 'payment_attention', paymentId: payment.id, reference: payment.reference, attention }, 'a payment needs an admin');
  return queueMail(
    tx,
    admins.map((admin) => ({
      userId: admin.id,
      recipient: admin.email,
      language: admin.language,
      kind: 'payment_alert' as const,
      params: { reference: payment.reference, buyer: buyer?.email ?? '', offer: offer?.title ?? '', attention, path: `/admin/payments/${payment.id}` },
    })),
  );
}

/** Whether another payment of the registration already took the money (this one is then a duplicate to refund). */
async function hasOtherPaidPayment(tx: Tx, payment: PaymentRow): Promise<boolean> {
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.registrationId, payment.registrationId), ne(payments.id, payment.id), inArray(payments.status, ['approved', 'enrolled'])))
    .limit(1);
  return Boolean(other);
}

interface Change {
  status: PaymentStatus;
  attention?: PaymentAttention | null;
  failureReason?: string | null;
}

/** An approval: the amount checked, then the registration enrolled (or the admin told why it could not be). */
async function approve(tx: Tx, payment: PaymentRow, reported: ReportedState, now: Date, mailIds: number[]): Promise<Change> {
  if (reported.amountCents !== payment.amountCents || reported.currency !== payment.currency) {
    mailIds.push(...(await alertAdmins(tx, payment, 'amount_mismatch')));
    return { status: 'error', attention: 'amount_mismatch', failureReason: `amount_mismatch: priced ${payment.amountCents} ${payment.currency}, provider reported ${reported.amountCents ?? '?'} ${reported.currency ?? '?'}` };
  }
  const [registration] = await tx.select().from(registrations).where(eq(registrations.id, payment.registrationId));
  if (registration!.status === 'enrolled' || (await hasOtherPaidPayment(tx, payment))) {
    mailIds.push(...(await alertAdmins(tx, payment, 'duplicate')));
    return { status: 'approved', attention: 'duplicate' };
  }
  // Paid after its hold ran out: it still gets the seat if one is free; otherwise an admin decides (add a seat, or refund).
  const offer = await lockOffer(tx, registration!.offerId);
  if (!holdsSeat(registration!, now) && !(await hasFreeSeat(tx, offer, registration!.id))) {
    mailIds.push(...(await alertAdmins(tx, payment, 'no_seat')));
    return { status: 'approved', attention: 'no_seat' };
  }
  const result = await enrolRegistration(tx, registration!.id, now);
  mailIds.push(...result.mailIds);
  return { status: 'enrolled' };
}

/** A refund or void: when the money had been taken, the enrolment pauses (unless another payment covers it) and the admins are told. */
async function takeBack(tx: Tx, payment: PaymentRow, status: 'refunded' | 'voided', now: Date, mailIds: number[]): Promise<Change> {
  if (!isMoneyTaken(payment)) return { status };
  if (payment.status === 'enrolled' && !(await hasOtherPaidPayment(tx, payment))) await pauseRegistration(tx, payment.registrationId, now);
  mailIds.push(...(await alertAdmins(tx, payment, status)));
  return { status, attention: status };
}

export interface ApplyResult {
  outcome: ApplyOutcome;
  paymentId: number | null;
  status: PaymentStatus | null;
}

/**
 * Applies a provider's report to the payment it is about, once, and records
 * it. Answers what it did; `duplicate` for a notification already applied.
 * The rare clash of two payments claiming one provider transaction is logged
 * and changes nothing.
 */
export async function applyReportedState(key: PaymentKey, reported: ReportedState, source: ReportSource, now = new Date()): Promise<ApplyResult> {
  try {
    return await applyOnce(key, reported, source, now);
  } catch (error) {
    if (uniqueViolationOf(error) === null) throw error;
    log.warn({ event: 'payment_report_conflict', key, err: error }, 'a provider id already belongs to another payment');
    return { outcome: 'unchanged', paymentId: null, status: null };
  }
}

async function applyOnce(key: PaymentKey, reported: ReportedState, source: ReportSource, now: Date): Promise<ApplyResult> {
  const db = await getDb();
  const mailIds: number[] = [];
  const result = await db.transaction(async (tx) => {
    let eventId: number | null = null;
    if (source.eventKey) {
      const [event] = await tx
        .insert(paymentEvents)
        .values({ provider: key.provider, source: source.source, eventKey: source.eventKey, eventType: source.eventType, providerStatus: reported.providerStatus, outcome: 'received', payload: source.payload ?? null })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventKey] })
        .returning({ id: paymentEvents.id });
      if (!event) return { outcome: 'duplicate' as const, paymentId: null, status: null };
      eventId = event.id;
    }
    const record = async (paymentId: number | null, outcome: string) => {
      if (eventId !== null) await tx.update(paymentEvents).set({ paymentId, outcome }).where(eq(paymentEvents.id, eventId));
      else if (outcome !== 'unchanged' || source.source === 'admin')
        await tx.insert(paymentEvents).values({ paymentId, provider: key.provider, source: source.source, eventType: source.eventType, providerStatus: reported.providerStatus, outcome, payload: source.payload ?? null });
    };
    const payment = await lockPayment(tx, key);
    if (!payment) {
      await record(null, 'unknown_payment');
      return { outcome: 'unknown_payment' as const, paymentId: null, status: null };
    }
    const next = nextPaymentStatus(payment.status, reported.status);
    // The provider's ids are kept the first time they are seen (a lookup finds the payment by them later); the transaction that approved it replaces a declined one.
    const ids = {
      ...(reported.transactionId && (!payment.providerTransactionId || next === 'approved') && { providerTransactionId: reported.transactionId }),
      ...(reported.orderId && !payment.providerOrderId && { providerOrderId: reported.orderId }),
      ...(reported.paymentMethod && { paymentMethod: reported.paymentMethod }),
    };
    if (!next) {
      if (Object.keys(ids).length > 0) await tx.update(payments).set({ ...ids, lastCheckedAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
      await record(payment.id, 'unchanged');
      return { outcome: 'unchanged' as const, paymentId: payment.id, status: payment.status };
    }
    const change: Change =
      next === 'approved'
        ? await approve(tx, payment, reported, now, mailIds)
        : next === 'refunded' || next === 'voided'
          ? await takeBack(tx, payment, next, now, mailIds)
          : { status: next, failureReason: reported.providerStatus };
    await tx
      .update(payments)
      .set({
        ...ids,
        status: change.status,
        ...(change.attention !== undefined && { attention: change.attention }),
        ...(change.failureReason !== undefined && { failureReason: change.failureReason }),
        ...((change.status === 'approved' || change.status === 'enrolled') && !payment.approvedAt && { approvedAt: now }),
        lastCheckedAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    const outcome = change.attention === 'amount_mismatch' ? ('amount_mismatch' as const) : ('applied' as const);
    await record(payment.id, outcome);
    log.info({ event: 'payment_state', paymentId: payment.id, from: payment.status, to: change.status, source: source.source, attention: change.attention }, 'payment moved');
    return { outcome, paymentId: payment.id, status: change.status };
  });
  await sendQueuedMail(mailIds);
  return result;
}
