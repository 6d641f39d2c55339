/**
 * Providers' notifications (POST /api/payments/notification/): Wompi's
 * events and PayPal's webhooks arrive at one address and are told apart by
 * their shape. Each is verified before anything is read from it (Wompi's
 * checksum with the events secret; PayPal's verify-webhook-signature call);
 * a bad one is refused with 400 and logged, and changes nothing. A verified
 * one is applied once (its key is stored), so a provider's retries and
 * duplicates are harmless.
 */
import { createHash } from 'node:crypto';
import { AppError } from '~/lib/shared/errors';
import { log } from '~/lib/server/log';
import { capturePaypalOrder, isPaypalConfigured, isPaypalEvent, isPaypalEventAuthentic, paypalTransmissionOf, reportOfPaypalEvent, type PaypalEvent } from './providers/paypal';
import { ProviderCallError } from '~/lib/server/http/provider-http';
import { isWompiConfigured, isWompiEvent, isWompiEventAuthentic, stateOfWompiTransaction, type WompiEvent } from './providers/wompi';
import { applyReportedState, type ApplyOutcome } from './apply-reported-state';
import { getDb } from '~/lib/server/db/client';
import { paymentEvents, payments } from '~/lib/server/db/schema';
import { and, eq, or } from 'drizzle-orm';

export type NotificationOutcome = ApplyOutcome | 'ignored';

function rejected(provider: string, reason: string, ip: string): AppError {
  log.warn({ event: 'payment_notification_rejected', provider, reason, ip }, 'payment notification refused: nothing changed');
  return new AppError('notification_invalid');
}

/** A notification we verified but do not act on (another event type): recorded once, answered 200 so the provider stops sending it. */
async function recordIgnored(provider: 'wompi' | 'paypal', eventKey: string, eventType: string, payload: unknown): Promise<'ignored'> {
  const db = await getDb();
  await db.insert(paymentEvents).values({ provider, source: 'notification', eventKey, eventType, outcome: 'ignored', payload }).onConflictDoNothing();
  return 'ignored';
}

async function receiveWompi(event: WompiEvent, headers: Headers, ip: string): Promise<NotificationOutcome> {
  if (!isWompiConfigured()) throw rejected('wompi', 'wompi is not configured', ip);
  if (!isWompiEventAuthentic(event, headers.get('x-event-checksum'))) throw rejected('wompi', 'checksum mismatch', ip);
  const eventKey = `checksum:${event.signature.checksum.toLowerCase()}`;
  const transaction = event.data?.transaction;
  if (event.event !== 'transaction.updated' || !transaction || typeof transaction !== 'object') return recordIgnored('wompi', eventKey, event.event, event);
  const reported = stateOfWompiTransaction(transaction);
  const { outcome } = await applyReportedState(
    { provider: 'wompi', reference: reported.reference, transactionId: reported.transactionId },
    reported,
    { source: 'notification', eventKey, eventType: event.event, payload: event },
  );
  return outcome;
}

/** The reference of the payment whose PayPal order this is (to capture it on CHECKOUT.ORDER.APPROVED). */
async function referenceOfPaypalOrder(orderId: string, reference: string | null): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.provider, 'paypal'), or(eq(payments.providerOrderId, orderId), reference ? eq(payments.reference, reference) : undefined)))
    .limit(1);
  return row?.reference ?? null;
}

async function receivePaypal(event: PaypalEvent, headers: Headers, ip: string): Promise<NotificationOutcome> {
  if (!isPaypalConfigured()) throw rejected('paypal', 'paypal is not configured', ip);
  const transmission = paypalTransmissionOf(headers);
  if (!transmission) throw rejected('paypal', 'transmission headers missing', ip);
  let authentic: boolean;
  try {
    authentic = await isPaypalEventAuthentic(transmission, event);
  } catch (error) {
    // We cannot ask PayPal now: it retries the webhook later (any answer but 2xx).
    log.warn({ event: 'paypal_verification_unavailable', err: error }, 'PayPal could not verify a webhook now');
    throw new AppError('payment_provider_unavailable');
  }
  if (!authentic) throw rejected('paypal', 'verification failed', ip);
  const eventKey = `event:${event.id}`;
  const report = reportOfPaypalEvent(event);
  if (!report) return recordIgnored('paypal', eventKey, event.event_type, event);
  if (report.kind === 'state') {
    const { outcome } = await applyReportedState(
      { provider: 'paypal', reference: report.state.reference, transactionId: report.state.transactionId, orderId: report.state.orderId },
      report.state,
      { source: 'notification', eventKey, eventType: event.event_type, payload: event },
    );
    return outcome;
  }
  // The buyer approved the order: capture it (idempotent at PayPal), then apply the capture.
  const reference = await referenceOfPaypalOrder(report.orderId, report.reference);
  if (!reference) {
    const { outcome } = await applyReportedState({ provider: 'paypal', orderId: report.orderId }, { status: 'pending', providerStatus: 'ORDER_APPROVED' }, { source: 'notification', eventKey, eventType: event.event_type, payload: event });
    return outcome;
  }
  let captured;
  try {
    captured = await capturePaypalOrder(report.orderId, reference);
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error;
    log.warn({ event: 'paypal_capture_unavailable', orderId: report.orderId, err: error }, 'PayPal capture failed; the webhook will be retried');
    throw new AppError('payment_provider_unavailable');
  }
  const { outcome } = await applyReportedState({ provider: 'paypal', reference, orderId: report.orderId }, captured, { source: 'notification', eventKey, eventType: event.event_type, payload: event });
  return outcome;
}

/** Verifies and applies one notification; answers what it did. Throws 400 for anything unverifiable, 502 when PayPal cannot be asked now. */
export async function receivePaymentNotification(body: unknown, headers: Headers, ip: string): Promise<NotificationOutcome> {
  if (headers.get('paypal-transmission-id') !== null) {
    if (!isPaypalEvent(body)) throw rejected('paypal', 'not a webhook event', ip);
    return receivePaypal(body, headers, ip);
  }
  if (isWompiEvent(body)) return receiveWompi(body, headers, ip);
  throw rejected('unknown', `unrecognised body ${createHash('sha256').update(JSON.stringify(body) ?? '').digest('hex').slice(0, 12)}`, ip);
}
