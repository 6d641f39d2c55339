/**
 * Paying for a registration (POST /api/payment): the server prices it, with
 * discount codes; pressing twice answers the same payment. Through the fake
 * Wompi (its Web Checkout checks the integrity signature; the buyer's
 * return and the notification race, and exactly one enrols) and the fake
 * PayPal (an order created and captured with PayPal-Request-Id, so a repeat
 * never charges twice); a provider that fails or hangs leaves nothing
 * charged or enrolled; an amount that differs is never enrolled and alerts
 * the admins; the reconciliation job finds payments nobody told us about,
 * and expires the ones nobody paid.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { mailMessages, paymentEvents, payments, registrations } from '~/lib/server/db/schema';
import { recordSandboxTransaction } from '~/lib/server/services/payments/providers/sandbox';
import { confirmReturn, reconcilePendingPayments } from '~/lib/server/services/payments/reconcile-payments';
import { POST as createPaymentEndpoint } from '~/pages/api/payment';
import { POST as captureEndpoint } from '~/pages/api/payments/paypal/capture';
import { POST as notificationEndpoint } from '~/pages/api/payments/notification';
import { call } from '../support/http';
import { restoreEnv, useEnv } from '../support/test-env';
import { serveEndpoint, type EndpointReceiver } from '../support/fakes/endpoint-receiver';
import { approveAtPaypal, startFakePaypal, type FakePaypal } from '../support/fakes/fake-paypal';
import { payAtWompiCheckout, startFakeWompi, type FakeWompi, type WompiEventTiming } from '../support/fakes/fake-wompi';
import { sendaEnvOf, WOMPI_TEST_KEYS } from '../support/fakes/test-keys';
import { createUser } from '../factories';
import { createBuyer, createDiscountCode, createPaidOffer, PAID_PRICE_CENTS, PAID_PRICE_USD_CENTS, studentMembershipOf } from '../factories/registrations';

const PUBLIC_URL = 'https://senda.example.co';
const MINUTE_MS = 60_000;

let wompi: FakeWompi;
let paypal: FakePaypal;
let receiver: EndpointReceiver;

beforeAll(async () => {
  receiver = await serveEndpoint(notificationEndpoint, '/api/payments/notification/');
  wompi = await startFakeWompi({ notificationUrl: receiver.url });
  paypal = await startFakePaypal({ notificationUrl: receiver.url });
});
afterAll(async () => {
  await wompi.close();
  await paypal.close();
  await receiver.close();
});

beforeEach(() => useEnv({ ...sendaEnvOf({ wompi: wompi.url, paypal: paypal.url }), SENDA_PUBLIC_URL: PUBLIC_URL }));
afterEach(async () => {
  await wompi.settled();
  await paypal.settled();
  restoreEnv();
  wompi.reset();
  paypal.reset();
});

type Buyer = Awaited<ReturnType<typeof createBuyer>>;

const pay = (buyer: Buyer, body: Record<string, unknown>) => call(createPaymentEndpoint, { path: '/api/payment', token: buyer.token, body: { registrationId: buyer.registration.id, ...body } });
const capture = (buyer: Buyer, orderId: string) => call(captureEndpoint, { path: '/api/payments/paypal/capture/', token: buyer.token, body: { orderId } });

async function paymentRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function registrationOf(buyer: Buyer) {
  const db = await getDb();
  const [row] = await db.select().from(registrations).where(eq(registrations.id, buyer.registration.id));
  return row!;
}

async function mailsOf(kind: 'registration_enrolled' | 'payment_alert', recipient: string) {
  const db = await getDb();
  return db.select().from(mailMessages).where(and(eq(mailMessages.kind, kind), eq(mailMessages.recipient, recipient)));
}

/** The sandbox's buyer chooses on its page, then comes back to Senda. */
async function payInSandbox(buyer: Buyer, payment: { reference: string; amount: number; currency: string }, approve = true) {
  await recordSandboxTransaction(await getDb(), { reference: payment.reference, amountCents: payment.amount, currency: payment.currency, approve });
  return confirmReturn(buyer.caller, { reference: payment.reference });
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /api/payment: the server prices it', () => {
  it("charges the offer's price whatever amount the body carries, and sends the buyer to the checkout", async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const answer = await pay(buyer, { provider: 'sandbox', amount: 100 });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ provider: 'sandbox', status: 'pending', amount: PAID_PRICE_CENTS, listAmount: PAID_PRICE_CENTS, currency: 'COP', discountCode: null });
    expect(answer.json.reference).toMatch(/^SND-\d+-[0-9A-F]{12}$/);
    expect(answer.json.redirectUrl).toBe(`${PUBLIC_URL}/payments/sandbox/${answer.json.reference}`);
    expect((await paymentRow(answer.json.id)).amountCents).toBe(PAID_PRICE_CENTS);
  });

  it('takes discount codes as typed: a percentage, a fixed amount off', async () => {
    const offer = await createPaidOffer();
    await createDiscountCode({ code: 'VEINTE', kind: 'percent', value: 20, offerId: offer.id });
    await createDiscountCode({ code: 'CINCUENTAMIL', kind: 'fixed', value: 5_000_000, offerId: offer.id });
    const percent = await pay(await createBuyer(offer), { provider: 'sandbox', discountCode: 'veinte' });
    expect(percent.json).toMatchObject({ amount: 12_000_000, listAmount: PAID_PRICE_CENTS, discountCode: 'VEINTE', status: 'pending' });
    const fixed = await pay(await createBuyer(offer), { provider: 'wompi', discountCode: 'CincuentaMil' });
    expect(fixed.json).toMatchObject({ amount: 10_000_000, listAmount: PAID_PRICE_CENTS, discountCode: 'CINCUENTAMIL' });
    // Through PayPal the same share comes off the dollar price: USD 40.00 → 26.67.
    const dollars = await pay(await createBuyer(offer), { provider: 'paypal', discountCode: 'CINCUENTAMIL' });
    expect(dollars.json).toMatchObject({ currency: 'USD', amount: 2_667, listAmount: PAID_PRICE_USD_CENTS });
  });

  it('a 100 % code enrols at once with no provider, and its only use is then taken', async () => {
    const offer = await createPaidOffer();
    await createDiscountCode({ code: 'BECA', kind: 'percent', value: 100, maxUses: 1, offerId: offer.id });
    const buyer = await createBuyer(offer);
    const answer = await pay(buyer, { provider: 'wompi', discountCode: 'BECA' });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ provider: 'free', status: 'enrolled', amount: 0, redirectUrl: null, discountCode: 'BECA' });
    expect((await registrationOf(buyer)).status).toBe('enrolled');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'ACTIVE' });
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
    expect(wompi.requests).toEqual([]);

    const other = await pay(await createBuyer(offer), { provider: 'wompi', discountCode: 'BECA' });
    expect(other.status).toBe(400);
    expect(other.json.error.fields).toEqual({ discountCode: 'Este código de descuento ya se usó todas las veces permitidas.' });
  });

  it("a code's last use is held by a pending payment and given back when that payment is declined", async () => {
    const offer = await createPaidOffer();
    await createDiscountCode({ code: 'UNICO', maxUses: 1, offerId: offer.id });
    const first = await createBuyer(offer);
    const firstPayment = await pay(first, { provider: 'sandbox', discountCode: 'UNICO' });
    expect(firstPayment.status).toBe(201);
    const second = await createBuyer(offer);
    expect((await pay(second, { provider: 'sandbox', discountCode: 'UNICO' })).json.error.fields.discountCode).toBe('Este código de descuento ya se usó todas las veces permitidas.');
    expect((await payInSandbox(first, firstPayment.json, false)).status).toBe('declined');
    expect((await pay(second, { provider: 'sandbox', discountCode: 'UNICO' })).status).toBe(201);
  });

  it("refuses a code outside its dates, inactive, or for another offer; one for every offer works on any", async () => {
    const offer = await createPaidOffer();
    const otherOffer = await createPaidOffer();
    const day = 24 * 60 * 60 * 1000;
    await createDiscountCode({ code: 'PRONTO', offerId: offer.id, startsAt: new Date(Date.now() + day) });
    await createDiscountCode({ code: 'VENCIDO', offerId: offer.id, endsAt: new Date(Date.now() - day) });
    await createDiscountCode({ code: 'APAGADO', offerId: offer.id, status: 'INACTIVE' });
    await createDiscountCode({ code: 'AJENO', offerId: otherOffer.id });
    await createDiscountCode({ code: 'TODOS', offerId: null, kind: 'percent', value: 10 });
    const buyer = await createBuyer(offer);
    const refusals = {
      PRONTO: 'Este código de descuento aún no está vigente.',
      VENCIDO: 'Este código de descuento venció.',
      APAGADO: 'Este código de descuento no existe o no aplica a esta oferta.',
      AJENO: 'Este código de descuento no existe o no aplica a esta oferta.',
      NOEXISTE: 'Este código de descuento no existe o no aplica a esta oferta.',
    };
    for (const [code, message] of Object.entries(refusals)) {
      const answer = await pay(buyer, { provider: 'sandbox', discountCode: code });
      expect(answer.status, code).toBe(400);
      expect(answer.json.error.fields, code).toEqual({ discountCode: message });
    }
    const db = await getDb();
    expect(await db.select().from(payments)).toEqual([]);
    expect((await pay(buyer, { provider: 'sandbox', discountCode: 'todos' })).json).toMatchObject({ amount: 13_500_000, discountCode: 'TODOS' });
  });

  it('pressing "pay" twice answers the same payment; another choice makes a new one', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const first = await pay(buyer, { provider: 'wompi' });
    const again = await pay(buyer, { provider: 'wompi' });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ id: first.json.id, reference: first.json.reference, redirectUrl: first.json.redirectUrl });
    const db = await getDb();
    expect(await db.select().from(payments)).toHaveLength(1);
    const sandbox = await pay(buyer, { provider: 'sandbox' });
    expect(sandbox.json.id).not.toBe(first.json.id);
  });

  it("pressing \"pay\" twice with a single-use code answers the same payment: the buyer's own pending payment does not use the code up for them", async () => {
    const offer = await createPaidOffer();
    await createDiscountCode({ code: 'MEDIABECA', kind: 'percent', value: 50, maxUses: 1, offerId: offer.id });
    const buyer = await createBuyer(offer);
    const first = await pay(buyer, { provider: 'wompi', discountCode: 'MEDIABECA' });
    expect(first.json).toMatchObject({ amount: 7_500_000, discountCode: 'MEDIABECA' });
    const again = await pay(buyer, { provider: 'wompi', discountCode: 'MEDIABECA' });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ id: first.json.id, amount: 7_500_000 });
    // Anyone else still finds it used up.
    expect((await pay(await createBuyer(offer), { provider: 'wompi', discountCode: 'MEDIABECA' })).json.error.fields.discountCode).toBe('Este código de descuento ya se usó todas las veces permitidas.');
  });

  it('once enrolled the buyer cannot pay again (409 already_registered); money taken without a seat is 409 already_paid', async () => {
    const offer = await createPaidOffer({ seats: 1 });
    const buyer = await createBuyer(offer);
    const payment = await pay(buyer, { provider: 'sandbox' });
    expect((await payInSandbox(buyer, payment.json)).status).toBe('enrolled');
    expect(await pay(buyer, { provider: 'sandbox' })).toMatchObject({ status: 409, json: { error: { code: 'already_registered' } } });

    // A buyer whose hold ran out while another took the last seat pays anyway: the money is taken, no seat, an admin decides.
    const admin = await createUser({ userType: 'admin' });
    const fullOffer = await createPaidOffer({ seats: 1 });
    const slow = await createBuyer(fullOffer);
    const slowPayment = await pay(slow, { provider: 'sandbox' });
    const db = await getDb();
    await db.update(registrations).set({ holdExpiresAt: new Date(Date.now() - MINUTE_MS) }).where(eq(registrations.id, slow.registration.id));
    const quick = await createBuyer(fullOffer);
    expect((await payInSandbox(quick, (await pay(quick, { provider: 'sandbox' })).json)).status).toBe('enrolled');
    expect(await payInSandbox(slow, slowPayment.json)).toMatchObject({ status: 'approved', attention: 'no_seat' });
    expect((await registrationOf(slow)).status).toBe('pending_payment');
    expect(await mailsOf('payment_alert', admin.email)).toHaveLength(1);
    expect(await pay(slow, { provider: 'sandbox' })).toMatchObject({ status: 409, json: { error: { code: 'already_paid' } } });
  });
});

describe('Wompi through its Web Checkout', () => {
  it('sends the buyer to the checkout with an integrity signature Wompi accepts; an edited amount is refused there', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer, { user: { email: 'camila@correo.co', firstName: 'Camila', lastName: 'Rojas' } });
    const answer = await pay(buyer, { provider: 'wompi' });
    expect(answer.status).toBe(201);
    const url = new URL(answer.json.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(wompi.checkoutUrl);
    const reference = answer.json.reference as string;
    const expiration = url.searchParams.get('expiration-time') ?? '';
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'public-key': WOMPI_TEST_KEYS.publicKey,
      currency: 'COP',
      'amount-in-cents': String(PAID_PRICE_CENTS),
      reference,
      'signature:integrity': sha256Hex(`${reference}${PAID_PRICE_CENTS}COP${expiration}${WOMPI_TEST_KEYS.integritySecret}`),
      'redirect-url': `${PUBLIC_URL}/payments/return?reference=${reference}`,
      'customer-data:email': 'camila@correo.co',
      'customer-data:full-name': 'Camila Rojas',
    });
    // No secret reaches the browser.
    expect(answer.json.redirectUrl).not.toContain(WOMPI_TEST_KEYS.integritySecret);
    expect(answer.json.redirectUrl).not.toContain(WOMPI_TEST_KEYS.privateKey);

    const checkout = await fetch(answer.json.redirectUrl);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain('<label for="card-number">Número de tarjeta</label>');
    url.searchParams.set('amount-in-cents', '100');
    const cheaper = await payAtWompiCheckout(url.toString());
    expect(cheaper.status).toBe(400);
    expect(cheaper.page).toContain('La firma de integridad no es válida');
    expect(wompi.transactions.size).toBe(0);
  });

  it.each<WompiEventTiming>(['before-redirect', 'after-redirect', 'held'])('the return and the notification (%s) race: exactly one enrolment and one e-mail', async (timing) => {
    wompi.setEventTiming(timing);
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'wompi' })).json;
    const paid = await payAtWompiCheckout(payment.redirectUrl, { card: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${PUBLIC_URL}/payments/return?reference=${payment.reference}&id=${paid.transactionId}&env=test`);

    const [returned] = await Promise.all([confirmReturn(buyer.caller, { reference: payment.reference, transactionId: paid.transactionId }), wompi.releaseHeldEvents(), wompi.settled()]);
    await wompi.settled();
    expect(returned.status).toBe('enrolled');
    expect(wompi.sentEvents).toHaveLength(1);
    expect(wompi.sentEvents[0]).toMatchObject({ status: 200, answer: { received: true } });
    expect(['applied', 'unchanged']).toContain((wompi.sentEvents[0]!.answer as { outcome: string }).outcome);

    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled', providerTransactionId: paid.transactionId, paymentMethod: 'CARD', attention: null });
    expect((await registrationOf(buyer)).status).toBe('enrolled');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'ACTIVE' });
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it('a declined card leaves the registration waiting; paying again with Nequi enrols', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const first = (await pay(buyer, { provider: 'wompi' })).json;
    const declined = await payAtWompiCheckout(first.redirectUrl, { card: '4111 1111 1111 1111' });
    expect((await confirmReturn(buyer.caller, { reference: first.reference, transactionId: declined.transactionId })).status).toBe('declined');
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toBeNull();

    const second = (await pay(buyer, { provider: 'wompi' })).json;
    expect(second.id).not.toBe(first.id);
    const approved = await payAtWompiCheckout(second.redirectUrl, { nequi: '3991111111' });
    expect((await confirmReturn(buyer.caller, { reference: second.reference, transactionId: approved.transactionId })).status).toBe('enrolled');
    expect(await paymentRow(second.id)).toMatchObject({ paymentMethod: 'NEQUI' });
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it("a return address edited to another payment's transaction changes nothing", async () => {
    const offer = await createPaidOffer();
    wompi.setEventTiming('none');
    const payer = await createBuyer(offer);
    const paid = (await pay(payer, { provider: 'wompi' })).json;
    const { transactionId } = await payAtWompiCheckout(paid.redirectUrl);
    const sly = await createBuyer(offer);
    const own = (await pay(sly, { provider: 'wompi' })).json;
    expect((await confirmReturn(sly.caller, { reference: own.reference, transactionId })).status).toBe('pending');
    expect((await registrationOf(sly)).status).toBe('pending_payment');
  });
});

describe('PayPal Orders v2', () => {
  it('creates the order with PayPal-Request-Id, the buyer approves, the capture enrols; captures repeated or at once charge once', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'paypal' })).json;
    expect(payment).toMatchObject({ provider: 'paypal', status: 'pending', currency: 'USD', amount: PAID_PRICE_USD_CENTS });
    const [create] = paypal.requests.filter((request) => request.path === '/v2/checkout/orders');
    expect(create!.headers['paypal-request-id']).toBe(`${payment.reference}-create`);
    const sent = JSON.parse(create!.body);
    expect(sent.purchase_units[0]).toMatchObject({ reference_id: payment.reference, custom_id: payment.reference, amount: { currency_code: 'USD', value: '40.00' } });
    const [order] = [...paypal.orders.values()];
    expect(payment.redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${order!.id}`);

    const approved = await approveAtPaypal(payment.redirectUrl);
    expect(approved.status).toBe(303);
    const back = new URL(approved.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/payments/return`);
    expect(back.searchParams.get('reference')).toBe(payment.reference);
    expect(back.searchParams.get('token')).toBe(order!.id);

    const both = await Promise.all([capture(buyer, order!.id), capture(buyer, order!.id)]);
    for (const answer of both) expect(answer).toMatchObject({ status: 200, json: { status: 'enrolled', id: payment.id } });
    expect((await capture(buyer, order!.id)).json.status).toBe('enrolled');

    const captures = paypal.requests.filter((request) => request.path.endsWith('/capture'));
    // One capture at PayPal; a capture call that raced it was answered PayPal's replay of the first (200), never a second charge.
    expect(captures.map((request) => request.status).sort()).toEqual(captures.length === 1 ? [201] : [200, 201]);
    for (const request of captures) expect(request.headers['paypal-request-id']).toBe(`${payment.reference}-capture`);
    expect(paypal.orders.get(order!.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled', providerOrderId: order!.id, providerTransactionId: paypal.orders.get(order!.id)!.purchase_units[0]!.payments!.captures[0]!.id });
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it("a capture whose answer was lost (PayPal charged, Senda heard nothing in time) stays pending; capturing again gets PayPal's first capture back", async () => {
    useEnv({ PROVIDER_TIMEOUT_MS: '500' });
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'paypal' })).json;
    const [order] = [...paypal.orders.values()];
    await approveAtPaypal(payment.redirectUrl);
    paypal.failNext(1, 'lost-answer', 'capture');
    const lost = await capture(buyer, order!.id);
    expect(lost).toMatchObject({ status: 200, json: { status: 'pending' } });
    expect(paypal.orders.get(order!.id)!.status).toBe('COMPLETED');
    expect((await registrationOf(buyer)).status).toBe('pending_payment');

    const again = await capture(buyer, order!.id);
    expect(again.json.status).toBe('enrolled');
    expect(paypal.requests.filter((request) => request.path.endsWith('/capture')).map((request) => [request.headers['paypal-request-id'], request.status])).toEqual([
      [`${payment.reference}-capture`, null],
      [`${payment.reference}-capture`, 200],
    ]);
    expect(paypal.orders.get(order!.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it('an order captured before Senda asked (ORDER_ALREADY_CAPTURED) is looked up and enrols', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'paypal' })).json;
    const [order] = [...paypal.orders.values()];
    paypal.approveOrder(order!.id);
    paypal.captureOrder(order!.id);
    const answer = await capture(buyer, order!.id);
    expect(answer.json.status).toBe('enrolled');
    expect(paypal.requests.filter((request) => request.path.endsWith('/capture')).map((request) => request.status)).toEqual([422]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled' });
  });

  it('a buyer back without approving (cancelled) stays pending, and can approve later', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'paypal' })).json;
    const [order] = [...paypal.orders.values()];
    expect((await capture(buyer, order!.id)).json.status).toBe('pending');
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    await approveAtPaypal(payment.redirectUrl);
    expect((await capture(buyer, order!.id)).json.status).toBe('enrolled');
  });

  it.each([
    ['a 5xx', 500, 1000],
    ['no answer in time', 'hang', 500],
  ] as const)('PayPal answering %s on create is 502 payment_provider_unavailable: the payment is marked error and nothing is enrolled', async (_, mode, timeoutMs) => {
    useEnv({ PROVIDER_TIMEOUT_MS: String(timeoutMs) });
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    paypal.failNext(1, mode, 'create');
    const started = Date.now();
    const answer = await pay(buyer, { provider: 'paypal' });
    expect(answer).toMatchObject({ status: 502, json: { error: { code: 'payment_provider_unavailable' } } });
    expect(Date.now() - started).toBeLessThan(5_000);
    const db = await getDb();
    const [row] = await db.select().from(payments);
    expect(row).toMatchObject({ status: 'error', checkoutUrl: null });
    expect(row!.failureReason).toMatch(/^checkout_failed/);
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toBeNull();
    expect(paypal.orders.size).toBe(0);
    // Once PayPal answers again, paying works.
    const retry = await pay(buyer, { provider: 'paypal' });
    expect(retry).toMatchObject({ status: 201, json: { status: 'pending' } });
    expect(retry.json.id).not.toBe(row!.id);
  });

  it('a capture of another amount is never enrolled: the payment is an error needing attention, and the admins are told', async () => {
    const admin = await createUser({ userType: 'admin', email: 'admin-pagos@senda.test' });
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'paypal' })).json;
    const [order] = [...paypal.orders.values()];
    await approveAtPaypal(payment.redirectUrl);
    paypal.setCaptureOutcome({ amount: '1.00' });
    const answer = await capture(buyer, order!.id);
    expect(answer.json).toMatchObject({ status: 'error', attention: 'amount_mismatch' });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'error', attention: 'amount_mismatch' });
    expect((await paymentRow(payment.id)).failureReason).toContain('priced 4000 USD, provider reported 100 USD');
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toBeNull();
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(0);
    const alerts = await mailsOf('payment_alert', admin.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.params).toMatchObject({ reference: payment.reference, attention: 'amount_mismatch', buyer: buyer.user.email });
  });
});

describe('reconciliation (payments.reconcile)', () => {
  const inThreeMinutes = () => new Date(Date.now() + 3 * MINUTE_MS);

  it('finds a Wompi payment paid with no notification and no return, by its reference, and enrols it', async () => {
    wompi.setEventTiming('none');
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'wompi' })).json;
    await payAtWompiCheckout(payment.redirectUrl);
    expect((await paymentRow(payment.id)).status).toBe('pending');

    expect(await reconcilePendingPayments(inThreeMinutes())).toBe(1);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled', providerTransactionId: [...wompi.transactions.keys()][0] });
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'ACTIVE' });
    const search = wompi.requests.find((request) => request.path === '/v1/transactions');
    expect(search).toMatchObject({ query: `reference=${payment.reference}`, status: 200 });
    expect(search!.headers.authorization).toBe(`Bearer ${WOMPI_TEST_KEYS.privateKey}`);
    const db = await getDb();
    expect(await db.select({ source: paymentEvents.source, outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toEqual([{ source: 'lookup', outcome: 'applied' }]);
  });

  it('a card declined and then approved at the same checkout, with the approval never notified, is found and enrolled', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'wompi' })).json;
    const declined = await payAtWompiCheckout(payment.redirectUrl, { card: '4111 1111 1111 1111' });
    expect((await confirmReturn(buyer.caller, { reference: payment.reference, transactionId: declined.transactionId })).status).toBe('declined');
    wompi.setEventTiming('none');
    const approved = await payAtWompiCheckout(payment.redirectUrl);
    expect((await paymentRow(payment.id)).status).toBe('declined');

    await reconcilePendingPayments(inThreeMinutes());
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled', providerTransactionId: approved.transactionId });
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'ACTIVE' });
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it('captures a PayPal order the buyer approved but never came back from', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'paypal' })).json;
    await approveAtPaypal(payment.redirectUrl);
    await reconcilePendingPayments(inThreeMinutes());
    expect((await paymentRow(payment.id)).status).toBe('enrolled');
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it('a pending payment with nothing at the provider after a day expires; a recent one waits; an unreachable provider expires nothing', async () => {
    const offer = await createPaidOffer();
    const buyer = await createBuyer(offer);
    const payment = (await pay(buyer, { provider: 'wompi' })).json;
    await reconcilePendingPayments(inThreeMinutes());
    expect((await paymentRow(payment.id)).status).toBe('pending');

    const tomorrow = new Date(Date.now() + 25 * 60 * MINUTE_MS);
    wompi.failNext(1, 503, 'search');
    await reconcilePendingPayments(tomorrow);
    expect((await paymentRow(payment.id)).status).toBe('pending');

    await reconcilePendingPayments(tomorrow);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'expired', failureReason: 'no_payment_at_provider' });
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toBeNull();
  });
});
