/**
 * Paying for a registration (POST /api/payment). The server prices it (the
 * offer's price, in pesos, or in dollars for PayPal, less a discount code);
 * the client never sends an amount. The payment is stored as pending with a
 * reference of ours before the provider is called, then the buyer is sent
 * to the provider's checkout. A 100 % discount enrols at once, with no
 * provider. Pressing "pay" twice answers the same pending payment.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { CheckoutProvider, CreatePaymentBody, Payment } from '~/lib/shared/schemas/payments';
import { requirePayForRegistrationOf, type Caller } from '~/lib/server/access/permissions';
import { publicUrlOf } from '~/lib/server/config';
import { getDb, type Tx } from '~/lib/server/db/client';
import { offers, payments, registrations, users } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { ProviderCallError } from '~/lib/server/http/provider-http';
import { isCheckoutProviderEnabled, startCheckout } from './providers';
import { sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { discountedAmountOf, PENDING_USE_MS, requireUsableCode } from '~/lib/server/services/registrations/discount-codes';
import { enrolRegistration } from '~/lib/server/services/registrations/enrol';
import { holdsSeat, lockOffer, requireFreeSeat, type OfferRow } from '~/lib/server/services/registrations/seats';
import { paymentOf, type PaymentRow } from './payment-views';

/** The buyer has this long at the provider's checkout: the seat stays held at least until then. */
const CHECKOUT_WINDOW_MS = PENDING_USE_MS;
/** A pending payment this recent, for the same choice, is answered again rather than a second one created. */
const REUSE_WITHIN_MS = 60 * 60 * 1000;

export interface Quote {
  listAmount: number;
  amount: number;
  currency: 'COP' | 'USD';
  discountCodeId: number | null;
  code: string | null;
}

const fieldError = (field: string, key: string) => new AppError('validation_failed', { fields: { [field]: key } });

/** The price of an offer through a provider, less a code (checked and locked in the caller's transaction). */
export async function quotePrice(tx: Tx, offer: OfferRow, provider: CheckoutProvider, code: string | undefined, now = new Date(), registrationId: number | null = null): Promise<Quote> {
  const isPaypal = provider === 'paypal';
  if (isPaypal && offer.priceUsdCents === null) throw fieldError('provider', 'validation.payment.noUsdPrice');
  const listAmount = isPaypal ? offer.priceUsdCents! : offer.priceCents;
  const discount = code ? await requireUsableCode(tx, code, offer.id, now, registrationId) : null;
  return { listAmount, amount: discountedAmountOf(discount, listAmount, offer.priceCents), currency: isPaypal ? 'USD' : 'COP', discountCodeId: discount?.id ?? null, code: discount?.code ?? null };
}

/**
 * What paying for a registration would cost through each provider the offer
 * takes, with a code if one is given (a code that does not apply is a field
 * error): the payment page shows it before the buyer chooses.
 */
export async function previewPrices(caller: Caller, registrationId: number, code: string | undefined, now = new Date()): Promise<{ cop: Quote; usd: Quote | null }> {
  const db = await getDb();
  const [registration] = await db.select().from(registrations).where(eq(registrations.id, registrationId));
  if (!registration) throw new AppError('not_found');
  requirePayForRegistrationOf(caller, registration.userId);
  return db.transaction(async (tx) => {
    const [offer] = await tx.select().from(offers).where(eq(offers.id, registration.offerId));
    const cop = await quotePrice(tx, offer!, 'wompi', code, now, registration.id);
    const usd = offer!.priceUsdCents === null ? null : await quotePrice(tx, offer!, 'paypal', code, now, registration.id);
    return { cop, usd };
  });
}

/** Ours, unique, and what the provider sends back: `SND-<registration>-<random>`. */
const referenceOf = (registrationId: number) => `SND-${registrationId}-${randomBytes(6).toString('hex').toUpperCase()}`;

type Prepared = { kind: 'existing' | 'settled'; row: PaymentRow; code: string | null; mailIds: number[] } | { kind: 'new'; row: PaymentRow; code: string | null; buyer: { email: string; name: string }; offerTitle: string };

/** Creates a payment for the caller's registration; answers it with the address the buyer goes to (`redirectUrl`). */
export async function createPayment(caller: Caller, body: CreatePaymentBody, now = new Date()): Promise<Payment> {
  const db = await getDb();
  const [registration] = await db.select().from(registrations).where(eq(registrations.id, body.registrationId));
  if (!registration) throw new AppError('not_found');
  requirePayForRegistrationOf(caller, registration.userId);
  if (registration.status === 'enrolled') throw new AppError('already_registered');
  if (!['pending_payment', 'expired'].includes(registration.status)) throw new AppError('registration_not_payable');
  if (!isCheckoutProviderEnabled(body.provider)) throw fieldError('provider', 'validation.payment.providerDisabled');

  const prepared: Prepared = await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, registration.offerId);
    if (offer.priceCents === 0) throw new AppError('registration_not_payable');
    const [paid] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.registrationId, registration.id), inArray(payments.status, ['approved', 'enrolled']))).limit(1);
    if (paid) throw new AppError('already_paid');
    const quote = await quotePrice(tx, offer, body.provider, body.discountCode, now, registration.id);
    const [recent] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.registrationId, registration.id), eq(payments.provider, body.provider), eq(payments.status, 'pending'), gt(payments.createdAt, new Date(now.getTime() - REUSE_WITHIN_MS))))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (recent && recent.checkoutUrl && recent.amountCents === quote.amount && recent.discountCodeId === quote.discountCodeId) return { kind: 'existing', row: recent, code: quote.code, mailIds: [] };
    // The seat stays held while the buyer is at the checkout (a registration whose hold ran out takes a free seat again).
    if (!holdsSeat(registration, now)) await requireFreeSeat(tx, offer, registration.id);
    const holdUntil = new Date(Math.max(registration.holdExpiresAt?.getTime() ?? 0, now.getTime() + CHECKOUT_WINDOW_MS));
    await tx.update(registrations).set({ status: 'pending_payment', holdExpiresAt: holdUntil, updatedAt: now }).where(eq(registrations.id, registration.id));
    const free = quote.amount === 0;
    const [row] = await tx
      .insert(payments)
      .values({
        registrationId: registration.id,
        userId: registration.userId,
        offerId: offer.id,
        provider: free ? 'free' : body.provider,
        reference: referenceOf(registration.id),
        amountCents: quote.amount,
        currency: quote.currency,
        listAmountCents: quote.listAmount,
        discountCodeId: quote.discountCodeId,
        status: free ? 'enrolled' : 'pending',
        approvedAt: free ? now : null,
      })
      .returning();
    if (free) {
      // A 100 % discount: nothing to charge, enrolled now.
      const enrol = await enrolRegistration(tx, registration.id, now);
      return { kind: 'settled', row: row!, code: quote.code, mailIds: enrol.mailIds };
    }
    const [buyer] = await tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, registration.userId));
    return { kind: 'new', row: row!, code: quote.code, buyer: { email: buyer!.email, name: `${buyer!.firstName} ${buyer!.lastName}`.trim() }, offerTitle: offer.title };
  });
  if (prepared.kind !== 'new') {
    await sendQueuedMail(prepared.mailIds);
    return paymentOf(prepared.row, prepared.code);
  }
  return paymentOf(await startProviderCheckout(prepared.row, body.provider, prepared.buyer, prepared.offerTitle), prepared.code);
}

/** Calls the provider for a stored payment; a provider that fails marks it `error` and answers 502 (nothing was charged). */
async function startProviderCheckout(row: PaymentRow, provider: CheckoutProvider, buyer: { email: string; name: string }, offerTitle: string): Promise<PaymentRow> {
  const db = await getDb();
  const base = publicUrlOf();
  const returnUrl = `${base}/payments/return?reference=${encodeURIComponent(row.reference)}`;
  try {
    const checkout = await startCheckout(provider, {
      reference: row.reference,
      amountCents: row.amountCents,
      currency: row.currency,
      description: offerTitle,
      buyerEmail: buyer.email,
      buyerName: buyer.name,
      returnUrl,
      cancelUrl: `${returnUrl}&cancelled=1`,
    });
    const [updated] = await db
      .update(payments)
      .set({ checkoutUrl: checkout.redirectUrl, ...(checkout.orderId && { providerOrderId: checkout.orderId }), updatedAt: new Date() })
      .where(eq(payments.id, row.id))
      .returning();
    return updated!;
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error;
    await db.update(payments).set({ status: 'error', failureReason: `checkout_failed: ${error.message}`.slice(0, 500), updatedAt: new Date() }).where(eq(payments.id, row.id));
    log.warn({ event: 'checkout_failed', paymentId: row.id, provider, status: error.status, reason: error.message }, 'the provider could not start a checkout');
    throw new AppError('payment_provider_unavailable');
  }
}

/** The PayPal order of a pending PayPal payment, created now if it has none yet (the create-order call); answers the payment. */
export async function ensurePaypalOrder(caller: Caller, paymentId: number): Promise<PaymentRow> {
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new AppError('not_found');
  requirePayForRegistrationOf(caller, row.userId);
  if (row.provider !== 'paypal') throw fieldError('paymentId', 'validation.payment.notPaypal');
  if (row.status !== 'pending') throw new AppError('registration_not_payable');
  if (row.providerOrderId && row.checkoutUrl) return row;
  if (!isCheckoutProviderEnabled('paypal')) throw fieldError('paymentId', 'validation.payment.providerDisabled');
  const [buyer] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.userId));
  const [offer] = await db.select({ title: offers.title }).from(offers).where(eq(offers.id, row.offerId));
  return startProviderCheckout(row, 'paypal', { email: buyer!.email, name: `${buyer!.firstName} ${buyer!.lastName}` }, offer!.title);
}
