/**
 * Providers' notifications (POST /api/payments/notification/), posted over
 * HTTP by the fake Wompi and the fake PayPal: nothing unverified changes
 * anything (a forged or edited Wompi checksum, PayPal's verification
 * FAILURE or missing headers: 400); a verified one is applied once however
 * often it comes, in whatever order (a void or refund is final); a void or
 * refund of an enrolment pauses that cohort only and tells the admins;
 * PayPal's CHECKOUT.ORDER.APPROVED is captured by the server; a reference
 * nobody knows is acknowledged and recorded.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { mailMessages, paymentEvents, payments, registrations } from '~/lib/server/db/schema';
import { POST as createPaymentEndpoint } from '~/pages/api/payment';
import { POST as notificationEndpoint } from '~/pages/api/payments/notification';
import { call } from '../support/http';
import { restoreEnv, useEnv } from '../support/test-env';
import { serveEndpoint, type EndpointReceiver } from '../support/fakes/endpoint-receiver';
import { startFakePaypal, type FakePaypal } from '../support/fakes/fake-paypal';
import { startFakeWompi, type FakeWompi } from '../support/fakes/fake-wompi';
import { sendaEnvOf } from '../support/fakes/test-keys';
import { createUser, enrollStudent, createCohort } from '../factories';
import { createBuyer, createPaidOffer, PAID_PRICE_CENTS, studentMembershipOf } from '../factories/registrations';

let wompi: FakeWompi;
let paypal: FakePaypal;
let receiver: EndpointReceiver;

beforeAll(async () => {
  receiver = await serveEndpoint(notificationEndpoint, '/api/payments/notification/');
  wompi = await startFakeWompi({ notificationUrl: receiver.url, eventTiming: 'none' });
  paypal = await startFakePaypal({ notificationUrl: receiver.url });
});
afterAll(async () => {
  await wompi.close();
  await paypal.close();
  await receiver.close();
});

beforeEach(() => useEnv({ ...sendaEnvOf({ wompi: wompi.url, paypal: paypal.url }), SENDA_PUBLIC_URL: 'https://senda.example.co' }));
afterEach(() => {
  restoreEnv();
  wompi.reset();
  paypal.reset();
});

type Buyer = Awaited<ReturnType<typeof createBuyer>>;

/** A buyer with a pending payment through the provider (created as the payment page does). */
async function pendingPayment(provider: 'wompi' | 'paypal', offer?: Awaited<ReturnType<typeof createPaidOffer>>) {
  const theOffer = offer ?? (await createPaidOffer());
  const buyer = await createBuyer(theOffer);
  const answer = await call(createPaymentEndpoint, { path: '/api/payment', token: buyer.token, body: { registrationId: buyer.registration.id, provider } });
  expect(answer.status).toBe(201);
  return { offer: theOffer, buyer, payment: answer.json as { id: number; reference: string; amount: number; currency: string } };
}

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

async function eventsOf(paymentId: number | null) {
  const db = await getDb();
  return db.select().from(paymentEvents).where(paymentId === null ? undefined : eq(paymentEvents.paymentId, paymentId));
}

async function mailsOf(kind: 'registration_enrolled' | 'payment_alert', recipient: string) {
  const db = await getDb();
  return db.select().from(mailMessages).where(and(eq(mailMessages.kind, kind), eq(mailMessages.recipient, recipient)));
}

const outcomeOf = (sent: { answer: unknown }) => (sent.answer as { outcome?: string; error?: { code: string } }).outcome ?? (sent.answer as { error: { code: string } }).error.code;

describe('Wompi events', () => {
  it('a forged checksum is 400 notification_invalid and changes nothing', async () => {
    const { buyer, payment } = await pendingPayment('wompi');
    const transaction = await wompi.createTransaction({ reference: payment.reference, amountInCents: payment.amount });
    const [sent] = await wompi.notify(transaction.id, { badChecksum: true });
    expect(sent).toMatchObject({ status: 400, answer: { error: { code: 'notification_invalid' } } });
    // The header is optional; without it the body's checksum alone is checked.
    const [withoutHeader] = await wompi.sendEvent(wompi.eventOf(transaction, { badChecksum: true }), { headerChecksum: null });
    expect(withoutHeader).toMatchObject({ status: 400, answer: { error: { code: 'notification_invalid' } } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending', providerTransactionId: null });
    expect(await eventsOf(null)).toEqual([]);
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
  });

  it('a header checksum that differs from the body, or a body edited after signing, is 400; a checksum in lower case is the same checksum', async () => {
    const { buyer, payment } = await pendingPayment('wompi');
    const transaction = await wompi.createTransaction({ reference: payment.reference, amountInCents: payment.amount });
    const event = wompi.eventOf(transaction);
    const [mismatch] = await wompi.sendEvent(event, { headerChecksum: 'A'.repeat(64) });
    expect(mismatch!.status).toBe(400);
    const edited = structuredClone(event);
    edited.data.transaction.amount_in_cents = 100;
    edited.data.transaction.reference = payment.reference;
    const [tampered] = await wompi.sendEvent(edited);
    expect(tampered!.status).toBe(400);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
    expect(await eventsOf(null)).toEqual([]);

    const [lower] = await wompi.sendEvent({ ...event, signature: { ...event.signature, checksum: event.signature.checksum.toLowerCase() } });
    expect(lower).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    expect((await registrationOf(buyer)).status).toBe('enrolled');
  });

  it('the same event a hundred times (and twenty at once) answers 200 each time and enrols once', async () => {
    const { offer, buyer, payment } = await pendingPayment('wompi');
    const transaction = await wompi.createTransaction({ reference: payment.reference, amountInCents: payment.amount });
    const event = wompi.eventOf(transaction);
    const sent = await wompi.sendEvent(event, { times: 100 });
    const atOnce = (await Promise.all(Array.from({ length: 20 }, () => wompi.sendEvent(event)))).flat();
    for (const each of [...sent, ...atOnce]) expect(each.status).toBe(200);
    expect(sent.map(outcomeOf).filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(new Set([...sent.slice(1), ...atOnce].map(outcomeOf))).toEqual(new Set(['duplicate']));

    const events = await eventsOf(payment.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'notification', outcome: 'applied', providerStatus: 'APPROVED' });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled', providerTransactionId: transaction.id });
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'ACTIVE' });
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  }, 60_000);

  it('a void that arrives before the approval is final: the payment ends voided and never enrols', async () => {
    const { offer, buyer, payment } = await pendingPayment('wompi');
    const transaction = await wompi.createTransaction({ reference: payment.reference, amountInCents: payment.amount, status: 'APPROVED' });
    const approval = wompi.eventOf(transaction);
    const [voided] = await wompi.setTransactionStatus(transaction.id, 'VOIDED');
    expect(voided).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    const [late] = await wompi.sendEvent(approval);
    expect(late).toMatchObject({ status: 200, answer: { outcome: 'unchanged' } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'voided' });
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toBeNull();
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(0);
  });

  it("a void after the enrolment pauses it: that cohort's membership only turns INACTIVE, the payment needs attention, the admins are told", async () => {
    const admin = await createUser({ userType: 'admin' });
    const { offer, buyer, payment } = await pendingPayment('wompi');
    const otherCohort = await createCohort({ status: 'ACTIVE' });
    await enrollStudent(buyer.user, otherCohort);
    const transaction = await wompi.createTransaction({ reference: payment.reference, amountInCents: payment.amount, notify: true });
    expect((await registrationOf(buyer)).status).toBe('enrolled');

    const [voided] = await wompi.setTransactionStatus(transaction.id, 'VOIDED');
    expect(voided).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'voided', attention: 'voided' });
    expect((await registrationOf(buyer)).status).toBe('paused');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'INACTIVE' });
    expect(await studentMembershipOf(buyer.user, otherCohort)).toMatchObject({ status: 'ACTIVE' });
    expect((await mailsOf('payment_alert', admin.email))[0]!.params).toMatchObject({ attention: 'voided', reference: payment.reference });
  });

  it('an event for a reference nobody knows is acknowledged (200 unknown_payment) and recorded', async () => {
    const transaction = await wompi.createTransaction({ reference: 'SND-999-000000000000', amountInCents: PAID_PRICE_CENTS });
    const [sent] = await wompi.notify(transaction.id);
    expect(sent).toMatchObject({ status: 200, answer: { received: true, outcome: 'unknown_payment' } });
    expect(await eventsOf(null)).toMatchObject([{ paymentId: null, outcome: 'unknown_payment', provider: 'wompi' }]);
  });
});

describe('PayPal webhooks', () => {
  async function capturedOrder(offer?: Awaited<ReturnType<typeof createPaidOffer>>) {
    const pending = await pendingPayment('paypal', offer);
    const [order] = [...paypal.orders.values()].filter((candidate) => candidate.purchase_units[0]!.custom_id === pending.payment.reference);
    paypal.approveOrder(order!.id);
    paypal.captureOrder(order!.id);
    return { ...pending, orderId: order!.id };
  }

  it('a webhook PayPal does not vouch for (verification FAILURE) is 400 and changes nothing', async () => {
    const { buyer, payment, orderId } = await capturedOrder();
    const [forged] = await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'), { forged: true });
    expect(forged).toMatchObject({ status: 400, answer: { error: { code: 'notification_invalid' } } });
    expect(paypal.verifications.map((verification) => verification.verificationStatus)).toEqual(['FAILURE']);

    // PayPal's own transmission headers with an edited body fail too (the genuine webhook is only recorded, not delivered).
    paypal.setNotificationUrl(null);
    const [genuine] = await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'));
    const edited = structuredClone(genuine!.event);
    (edited.resource as { amount: { value: string } }).amount.value = '1.00';
    const replay = await call(notificationEndpoint, { path: '/api/payments/notification/', body: edited, headers: genuine!.headers });
    expect(replay).toMatchObject({ status: 400, json: { error: { code: 'notification_invalid' } } });
    expect(paypal.verifications.at(-1)!.verificationStatus).toBe('FAILURE');

    expect(await eventsOf(null)).toEqual([]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending', providerTransactionId: null });
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    // The genuine one, as PayPal sent it, is accepted.
    const accepted = await call(notificationEndpoint, { path: '/api/payments/notification/', body: genuine!.event, headers: genuine!.headers });
    expect(accepted).toMatchObject({ status: 200, json: { outcome: 'applied' } });
  });

  it('a webhook for another webhook id is refused (PayPal says FAILURE)', async () => {
    const { payment, orderId } = await capturedOrder();
    useEnv({ PAYPAL_WEBHOOK_ID: 'ANOTHERWEBHOOK000000000' });
    const [sent] = await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'));
    expect(sent!.status).toBe(400);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
  });

  it('a webhook without its transmission headers is 400 and PayPal is not even asked', async () => {
    const { payment, orderId } = await capturedOrder();
    const [noSignature] = await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'), { withoutHeaders: ['PAYPAL-TRANSMISSION-SIG'] });
    expect(noSignature).toMatchObject({ status: 400, answer: { error: { code: 'notification_invalid' } } });
    const [bare] = await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'), {
      withoutHeaders: ['PAYPAL-AUTH-ALGO', 'PAYPAL-CERT-URL', 'PAYPAL-TRANSMISSION-ID', 'PAYPAL-TRANSMISSION-SIG', 'PAYPAL-TRANSMISSION-TIME'],
    });
    expect(bare!.status).toBe(400);
    expect(paypal.verifications).toEqual([]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
  });

  it("PayPal's verification down is 502 (PayPal retries later) and changes nothing; the retry is applied", async () => {
    const { buyer, payment, orderId } = await capturedOrder();
    const event = paypal.captureWebhook(orderId, 'COMPLETED');
    paypal.failNext(1, 503, 'verify');
    const [down] = await paypal.sendWebhook(event);
    expect(down).toMatchObject({ status: 502, answer: { error: { code: 'payment_provider_unavailable' } } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
    expect(await eventsOf(null)).toEqual([]);
    const [retried] = await paypal.sendWebhook(event);
    expect(retried).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    expect((await registrationOf(buyer)).status).toBe('enrolled');
  });

  it('CHECKOUT.ORDER.APPROVED: the server captures the order (with its PayPal-Request-Id) and enrols; the buyer coming back later changes nothing', async () => {
    paypal.setApprovalWebhook('before-redirect');
    const { offer, buyer, payment } = await pendingPayment('paypal');
    const [order] = [...paypal.orders.values()];
    const page = await fetch(`${paypal.url}/checkoutnow?token=${order!.id}`);
    expect(await page.text()).toContain('<button type="submit">Pagar con PayPal</button>');
    const approve = await fetch(`${paypal.url}/checkoutnow`, { method: 'POST', body: new URLSearchParams({ token: order!.id }), redirect: 'manual' });
    expect(approve.status).toBe(303);
    expect(paypal.sentWebhooks).toHaveLength(1);
    expect(paypal.sentWebhooks[0]).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    const captures = paypal.requests.filter((request) => request.path.endsWith('/capture'));
    expect(captures).toHaveLength(1);
    expect(captures[0]!.headers['paypal-request-id']).toBe(`${payment.reference}-capture`);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled', providerOrderId: order!.id });
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'ACTIVE' });

    // The same webhook again, then a capture completion for it: nothing more.
    const [again] = await paypal.sendWebhook(paypal.sentWebhooks[0]!.event);
    expect(again).toMatchObject({ status: 200, answer: { outcome: 'duplicate' } });
    const [completed] = await paypal.sendWebhook(paypal.captureWebhook(order!.id, 'COMPLETED'));
    expect(completed).toMatchObject({ status: 200, answer: { outcome: 'unchanged' } });
    expect(paypal.orders.get(order!.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it('CHECKOUT.ORDER.APPROVED while PayPal cannot capture is 502 (PayPal sends it again) and spends nothing; the retry captures and enrols', async () => {
    const { buyer, payment } = await pendingPayment('paypal');
    const [order] = [...paypal.orders.values()];
    paypal.approveOrder(order!.id);
    const event = paypal.orderApprovedWebhook(order!.id);
    paypal.failNext(1, 500, 'capture');
    const [failed] = await paypal.sendWebhook(event);
    expect(failed).toMatchObject({ status: 502, answer: { error: { code: 'payment_provider_unavailable' } } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending' });
    expect(await eventsOf(null)).toEqual([]);
    const [retried] = await paypal.sendWebhook(event);
    expect(retried).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    expect((await registrationOf(buyer)).status).toBe('enrolled');
  });

  it('PAYMENT.CAPTURE.COMPLETED sent three times (same event id, new transmissions) is applied once', async () => {
    const { buyer, payment, orderId } = await capturedOrder();
    const sent = await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'), { times: 3 });
    expect(sent.map((each) => each.status)).toEqual([200, 200, 200]);
    expect(sent.map(outcomeOf)).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(paypal.verifications.map((verification) => verification.verificationStatus)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    const db = await getDb();
    expect((await db.select({ value: count() }).from(paymentEvents))[0]!.value).toBe(1);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'enrolled' });
    expect(await mailsOf('registration_enrolled', buyer.user.email)).toHaveLength(1);
  });

  it('PAYMENT.CAPTURE.REFUNDED after the enrolment: refunded, the registration paused, its membership INACTIVE, the admins told', async () => {
    const admin = await createUser({ userType: 'admin' });
    const { offer, buyer, payment, orderId } = await capturedOrder();
    await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'));
    expect((await registrationOf(buyer)).status).toBe('enrolled');
    const [refunded] = await paypal.sendWebhook(paypal.refundWebhook(orderId));
    expect(refunded).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', attention: 'refunded' });
    expect((await registrationOf(buyer)).status).toBe('paused');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toMatchObject({ status: 'INACTIVE' });
    expect((await mailsOf('payment_alert', admin.email))[0]!.params).toMatchObject({ attention: 'refunded' });
  });

  it("a refund made in PayPal's dashboard (no custom_id) is found by the capture its `up` link names", async () => {
    const { buyer, payment, orderId } = await capturedOrder();
    await paypal.sendWebhook(paypal.captureWebhook(orderId, 'COMPLETED'));
    const refund = paypal.refundWebhook(orderId);
    const { custom_id: _custom, invoice_id: _invoice, ...resource } = refund.resource;
    const [sent] = await paypal.sendWebhook(paypal.webhookOf('PAYMENT.CAPTURE.REFUNDED', 'refund', resource));
    expect(sent).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded' });
    expect((await registrationOf(buyer)).status).toBe('paused');
  });

  it('a refund that arrives before its capture completion ends refunded and never enrols', async () => {
    const { offer, buyer, payment, orderId } = await capturedOrder();
    const completion = paypal.captureWebhook(orderId, 'COMPLETED');
    const [refund] = await paypal.sendWebhook(paypal.refundWebhook(orderId));
    expect(refund).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    const [late] = await paypal.sendWebhook(completion);
    expect(late).toMatchObject({ status: 200, answer: { outcome: 'unchanged' } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded' });
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
    expect(await studentMembershipOf(buyer.user, offer.cohort)).toBeNull();
  });

  it('PAYMENT.CAPTURE.DENIED declines the payment', async () => {
    const { buyer, payment, orderId } = await capturedOrder();
    const [denied] = await paypal.sendWebhook(paypal.captureWebhook(orderId, 'DENIED'));
    expect(denied).toMatchObject({ status: 200, answer: { outcome: 'applied' } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'declined' });
    expect((await registrationOf(buyer)).status).toBe('pending_payment');
  });

  it('a capture of a reference nobody knows is acknowledged with unknown_payment', async () => {
    const { orderId } = await capturedOrder();
    const event = paypal.captureWebhook(orderId, 'COMPLETED');
    const stranger = paypal.webhookOf('PAYMENT.CAPTURE.COMPLETED', 'capture', { ...event.resource, id: 'CAPTURE0NOBODY000', custom_id: 'SND-999-FFFFFFFFFFFF', supplementary_data: {} });
    const [sent] = await paypal.sendWebhook(stranger);
    expect(sent).toMatchObject({ status: 200, answer: { received: true, outcome: 'unknown_payment' } });
  });
});
