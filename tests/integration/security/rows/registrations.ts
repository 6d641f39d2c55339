/**
 * Matrix rows for public sign-up and payments: offers are public to read and
 * managed by platform admins; anyone signs up; a registration or payment is
 * seen by its person and platform admins only (404 for anyone else); only
 * the person pays (an admin 403); money reports and CRM deliveries are for
 * platform admins.
 */
import { createHash } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { resetConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { crmDeliveries, discountCodes, offers, payments, registrations } from '~/lib/server/db/schema';
import { POST as pay } from '~/pages/api/payment';
import { POST as notification } from '~/pages/api/payments/notification';
import { POST as paypalCreateOrder } from '~/pages/api/payments/paypal/create-order';
import { POST as paypalCapture } from '~/pages/api/payments/paypal/capture';
import * as offersRoute from '~/pages/api/v2/offers/index';
import * as offerRoute from '~/pages/api/v2/offers/[id]/index';
import { POST as registerSelf } from '~/pages/api/v2/offers/[id]/register';
import * as offerCodes from '~/pages/api/v2/offers/[id]/discount-codes';
import { PATCH as patchCode } from '~/pages/api/v2/discount-codes/[id]';
import * as registrationsRoute from '~/pages/api/v2/registrations/index';
import { GET as registrationRoute } from '~/pages/api/v2/registrations/[id]';
import { GET as wompiTransaction } from '~/pages/api/payments/wompi/transactions/[id]';
import { GET as paymentsRoute } from '~/pages/api/v2/payments/index';
import { GET as paymentRoute } from '~/pages/api/v2/payments/[id]/index';
import { POST as reconcile } from '~/pages/api/v2/payments/[id]/reconcile';
import { GET as paymentsExport } from '~/pages/api/v2/payments/export';
import { GET as crmList } from '~/pages/api/v2/crm/deliveries/index';
import { POST as crmRetry } from '~/pages/api/v2/crm/deliveries/[id]/retry';
import { startFakeWompi, type FakeWompi } from '../../../support/fakes/fake-wompi';
import { sendaEnvOf } from '../../../support/fakes/test-keys';
import { createCohort } from '../../../factories';
import { personFormFor } from '../../../factories/person-form';
import { authed, everyone, members, type Row, type World } from '../matrix-types';

const ADMINS_ONLY = { outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: 200 } as const;
/** A registration or payment of cohort A's student: theirs and the admins' to see; nobody else's. */
const STUDENTS_OWN = { outsider: 401, student: 200, otherStudent: 404, tutor: 404, cohortAdmin: 404, admin: 200 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An open offer of its own cohort (not A's or B's, so signing up changes nobody's role there). */
async function openOffer(overrides: Partial<typeof offers.$inferInsert> = {}) {
  const cohort = await createCohort({ status: 'ACTIVE' });
  const db = await getDb();
  const [offer] = await db
    .insert(offers)
    .values({ cohortId: cohort.id, slug: `oferta-${cohort.id}`, title: 'Desarrollo web', seats: 30, priceCents: 15_000_000, priceUsdCents: 4_500, opensAt: new Date(Date.now() - DAY_MS), closesAt: new Date(Date.now() + 30 * DAY_MS), ...overrides })
    .returning();
  return offer!;
}

/** Cohort A's student signed up for a paid offer and waiting to pay. */
async function studentRegistration(world: World) {
  const offer = await openOffer();
  const db = await getDb();
  const [registration] = await db
    .insert(registrations)
    .values({ offerId: offer.id, userId: world.student.id, status: 'pending_payment', holdExpiresAt: new Date(Date.now() + DAY_MS), consentAt: new Date(), verifiedAt: new Date() })
    .returning();
  return { offer, registration: registration! };
}

/** A payment of the student's registration. */
async function studentPayment(world: World, overrides: Partial<typeof payments.$inferInsert> = {}) {
  const { offer, registration } = await studentRegistration(world);
  const db = await getDb();
  const [payment] = await db
    .insert(payments)
    .values({ registrationId: registration.id, userId: world.student.id, offerId: offer.id, provider: 'sandbox', reference: `SND-${registration.id}-MATRIX`, amountCents: 15_000_000, currency: 'COP', listAmountCents: 15_000_000, ...overrides })
    .returning();
  return payment!;
}

/** A failed CRM delivery of the student's registration. */
async function failedDelivery(world: World) {
  const { registration } = await studentRegistration(world);
  const db = await getDb();
  const [delivery] = await db
    .insert(crmDeliveries)
    .values({ registrationId: registration.id, payload: { fields: [], submittedAt: '0', context: { pageUri: 'http://localhost/offers/x', pageName: 'x' } }, status: 'failed', attempts: 13, lastStatusCode: 400, lastError: 'FIELD_NOT_IN_FORM' })
    .returning();
  return delivery!;
}

const WOMPI_ENV = { WOMPI_PUBLIC_KEY: 'pub_test_matrix', WOMPI_PRIVATE_KEY: 'prv_test_matrix', WOMPI_EVENTS_SECRET: 'test_events_matrix', WOMPI_INTEGRITY_SECRET: 'test_integrity_matrix', WOMPI_API_URL: 'http://127.0.0.1:9/v1' };
const PAYPAL_ENV = { PAYPAL_CLIENT_ID: 'matrix-client', PAYPAL_CLIENT_SECRET: 'matrix-secret', PAYPAL_WEBHOOK_ID: 'WH-MATRIX', PAYPAL_API_URL: 'http://127.0.0.1:9' };

/** Configures a provider for the rest of the file (its calls go nowhere: these rows never reach it). */
function configure(env: Record<string, string>): void {
  Object.assign(process.env, env);
  resetConfig();
}

/** A Wompi event signed with the events secret, about a reference nobody has. */
function signedWompiEvent() {
  const transaction = { id: '12345-1700000000-54321', status: 'APPROVED', reference: 'SND-NOBODY', amount_in_cents: 15_000_000, currency: 'COP', payment_method_type: 'CARD' };
  const timestamp = 1_700_000_000;
  const checksum = createHash('sha256').update(`${transaction.id}${transaction.status}${transaction.amount_in_cents}${timestamp}${WOMPI_ENV.WOMPI_EVENTS_SECRET}`).digest('hex');
  return { event: 'transaction.updated', data: { transaction }, environment: 'test', signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'], checksum }, timestamp, sent_at: '2026-11-26T10:00:00.000Z' };
}

// Wompi's API for the transaction lookup: the fake, started with the first row that needs it.
let fakeWompi: Promise<FakeWompi> | null = null;
afterAll(async () => {
  if (fakeWompi) await (await fakeWompi).close();
});

/** The student's Wompi payment and a transaction of it at the fake Wompi, with Senda pointed there. */
async function studentWompiTransaction(world: World) {
  fakeWompi ??= startFakeWompi();
  const wompi = await fakeWompi;
  configure(sendaEnvOf({ wompi: wompi.url }));
  const payment = await studentPayment(world, { provider: 'wompi' });
  return wompi.createTransaction({ reference: payment.reference, amountInCents: payment.amountCents, status: 'DECLINED' });
}

const offerBody = (cohortId: number) => ({ cohortId, slug: `nueva-oferta-${cohortId}`, title: 'Análisis de datos', seats: 40, price: 20_000_000, priceUsd: null, opensAt: '2026-12-01T00:00:00-05:00', closesAt: '2027-01-31T23:59:00-05:00' });

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/offers/',
    handler: offersRoute.GET,
    request: async (_, s) => {
      await openOffer({ title: 'Oferta abierta' });
      await openOffer({ title: 'Oferta cerrada', closesAt: new Date(Date.now() - 1000), opensAt: new Date(Date.now() - DAY_MS) });
      return { path: '/api/v2/offers/', ...authed(s) };
    },
    expected: everyone(200),
    check: (_, json) => expect(json.results.map((offer: { title: string }) => offer.title)).toEqual(['Oferta abierta']),
  },
  {
    method: 'GET',
    path: '/api/v2/offers/ (every offer, closed ones too)',
    handler: offersRoute.GET,
    request: async (_, s) => {
      await openOffer({ title: 'Oferta cerrada', closesAt: new Date(Date.now() - 1000), opensAt: new Date(Date.now() - DAY_MS) });
      return { path: '/api/v2/offers/?scope=all', ...authed(s) };
    },
    expected: { ...ADMINS_ONLY, outsider: 403 },
    check: (_, json) => expect(json.results.map((offer: { title: string }) => offer.title)).toEqual(['Oferta cerrada']),
  },
  {
    method: 'POST',
    path: '/api/v2/offers/',
    handler: offersRoute.POST,
    request: async (_, s) => ({ path: '/api/v2/offers/', body: offerBody((await createCohort()).id), ...authed(s) }),
    expected: { ...ADMINS_ONLY, admin: 201 },
    check: (_, json) => expect(json).toMatchObject({ title: 'Análisis de datos', seats: 40, seatsLeft: 40, price: 20_000_000, currency: 'COP', isOpen: false }),
  },
  {
    method: 'GET',
    path: '/api/v2/offers/{id}/',
    handler: offerRoute.GET,
    request: async (_, s) => {
      const offer = await openOffer();
      return { path: `/api/v2/offers/${offer.id}/`, params: { id: String(offer.id) }, ...authed(s) };
    },
    expected: everyone(200),
    check: (_, json) => expect(json).toMatchObject({ title: 'Desarrollo web', seatsLeft: 30, isOpen: true }),
  },
  {
    method: 'PATCH',
    path: '/api/v2/offers/{id}/',
    handler: offerRoute.PATCH,
    request: async (_, s) => {
      const offer = await openOffer();
      return { method: 'PATCH', path: `/api/v2/offers/${offer.id}/`, params: { id: String(offer.id) }, body: { seats: 12, title: 'Desarrollo web 2027' }, ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json).toMatchObject({ seats: 12, seatsLeft: 12, title: 'Desarrollo web 2027' }),
  },
  {
    method: 'POST',
    path: '/api/v2/offers/{id}/register/',
    handler: registerSelf,
    request: async (_, s) => {
      const offer = await openOffer({ priceCents: 0, priceUsdCents: null });
      return { path: `/api/v2/offers/${offer.id}/register/`, params: { id: String(offer.id) }, body: { consent: true }, ...authed(s) };
    },
    // Anyone signed in signs up with their own account; a free offer enrols at once.
    expected: { ...members(201) },
    check: (_, json) => expect(json).toMatchObject({ status: 'enrolled', offer: { title: 'Desarrollo web' } }),
  },
  {
    method: 'GET',
    path: '/api/v2/offers/{id}/discount-codes/',
    handler: offerCodes.GET,
    request: async (_, s) => {
      const offer = await openOffer();
      const db = await getDb();
      await db.insert(discountCodes).values({ code: 'BECA50', offerId: offer.id, kind: 'percent', value: 50 });
      return { path: `/api/v2/offers/${offer.id}/discount-codes/`, params: { id: String(offer.id) }, ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json).toMatchObject([{ code: 'BECA50', kind: 'percent', value: 50, uses: 0 }]),
  },
  {
    method: 'POST',
    path: '/api/v2/offers/{id}/discount-codes/',
    handler: offerCodes.POST,
    request: async (_, s) => {
      const offer = await openOffer();
      return { path: `/api/v2/offers/${offer.id}/discount-codes/`, params: { id: String(offer.id) }, body: { code: 'becatotal', kind: 'percent', value: 100, maxUses: 10 }, ...authed(s) };
    },
    expected: { ...ADMINS_ONLY, admin: 201 },
    check: (_, json) => expect(json).toMatchObject({ code: 'BECATOTAL', value: 100, maxUses: 10 }),
  },
  {
    method: 'PATCH',
    path: '/api/v2/discount-codes/{id}/',
    handler: patchCode,
    request: async (_, s) => {
      const offer = await openOffer();
      const db = await getDb();
      const [code] = await db.insert(discountCodes).values({ code: 'PRENSA', offerId: offer.id, kind: 'fixed', value: 5_000_000 }).returning();
      return { method: 'PATCH', path: `/api/v2/discount-codes/${code!.id}/`, params: { id: String(code!.id) }, body: { status: 'INACTIVE' }, ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json).toMatchObject({ code: 'PRENSA', status: 'INACTIVE' }),
  },
  {
    method: 'GET',
    path: '/api/v2/registrations/',
    handler: registrationsRoute.GET,
    request: async (world, s) => {
      await studentRegistration(world);
      return { path: '/api/v2/registrations/', ...authed(s) };
    },
    expected: members(200),
    // Only the student's own registration, and every one for admins.
    check: (persona, json, world) => {
      const expectedIds = persona === 'student' || persona === 'admin' ? [world.student.id] : [];
      expect(json.results.map((registration: { person: { id: number } }) => registration.person.id)).toEqual(expectedIds);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/registrations/',
    handler: registrationsRoute.POST,
    request: async (_, s) => {
      const offer = await openOffer();
      const email = `visitante.${offer.id}@senda.test`;
      return { path: '/api/v2/registrations/', body: { ...personFormFor(email), documentNumber: String(1_000_000_000 + offer.id), offerId: offer.id, consent: true }, ...authed(s) };
    },
    // Sign-up is public: a visitor gives the person form.
    expected: everyone(201),
    check: (_, json) => expect(json).toMatchObject({ status: 'pending_verification', verificationSent: true }),
  },
  {
    method: 'GET',
    path: '/api/v2/registrations/{id}/',
    handler: registrationRoute,
    request: async (world, s) => {
      const { registration } = await studentRegistration(world);
      return { path: `/api/v2/registrations/${registration.id}/`, params: { id: String(registration.id) }, ...authed(s) };
    },
    expected: STUDENTS_OWN,
    check: (persona, json, world) => {
      expect(json).toMatchObject({ status: 'pending_payment', person: { id: world.student.id } });
      // The CRM delivery's state is the admins' to see.
      expect('crm' in json).toBe(persona === 'admin');
    },
  },
  {
    method: 'POST',
    path: '/api/payment',
    handler: pay,
    request: async (world, s) => {
      const { registration } = await studentRegistration(world);
      return { path: '/api/payment', body: { registrationId: registration.id, provider: 'sandbox' }, ...authed(s) };
    },
    // Only the person pays: an admin sees the registration but never pays for someone.
    expected: { ...STUDENTS_OWN, student: 201, admin: 403 },
    check: (_, json) => expect(json).toMatchObject({ provider: 'sandbox', amount: 15_000_000, currency: 'COP', status: 'pending', redirectUrl: expect.stringContaining('/payments/sandbox/SND-') }),
  },
  {
    method: 'POST',
    path: '/api/payments/notification/',
    handler: notification,
    request: (_, s) => {
      configure(WOMPI_ENV);
      return { path: '/api/payments/notification/', body: signedWompiEvent(), ...authed(s) };
    },
    // The provider calls it: who sends it does not matter, its signature does.
    expected: everyone(200),
    check: (_, json) => expect(json).toEqual({ received: true, outcome: 'unknown_payment' }),
  },
  {
    method: 'POST',
    path: '/api/payments/paypal/create-order/',
    handler: paypalCreateOrder,
    request: async (world, s) => {
      configure(PAYPAL_ENV);
      const payment = await studentPayment(world, { provider: 'paypal', currency: 'USD', amountCents: 4_500, listAmountCents: 4_500, providerOrderId: '5O190127TN364715T', checkoutUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' });
      return { path: '/api/payments/paypal/create-order/', body: { paymentId: payment.id }, ...authed(s) };
    },
    expected: { ...STUDENTS_OWN, admin: 403 },
    check: (_, json) => expect(json).toEqual({ id: '5O190127TN364715T', approveUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' }),
  },
  {
    method: 'POST',
    path: '/api/payments/paypal/capture/',
    handler: paypalCapture,
    request: async (world, s) => {
      configure(PAYPAL_ENV);
      // Already settled: the capture answers it as it stands, without asking PayPal again.
      await studentPayment(world, { provider: 'paypal', currency: 'USD', amountCents: 4_500, listAmountCents: 4_500, providerOrderId: '8MC585209K746392H', status: 'declined' });
      return { path: '/api/payments/paypal/capture/', body: { orderId: '8MC585209K746392H' }, ...authed(s) };
    },
    expected: STUDENTS_OWN,
    check: (_, json) => expect(json).toMatchObject({ provider: 'paypal', status: 'declined', amount: 4_500, currency: 'USD' }),
  },
  {
    method: 'GET',
    path: '/api/payments/wompi/transactions/{id}/',
    handler: wompiTransaction,
    request: async (world, s) => {
      const transaction = await studentWompiTransaction(world);
      return { path: `/api/payments/wompi/transactions/${transaction.id}/`, params: { id: transaction.id }, ...authed(s) };
    },
    expected: STUDENTS_OWN,
    check: (_, json) => expect(json).toMatchObject({ provider: 'wompi', status: 'declined' }),
  },
  {
    method: 'GET',
    path: '/api/v2/payments/',
    handler: paymentsRoute,
    request: async (world, s) => {
      await studentPayment(world);
      return { path: '/api/v2/payments/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json, world) => {
      const expectedIds = persona === 'student' || persona === 'admin' ? [world.student.id] : [];
      expect(json.results.map((payment: { person: { id: number } }) => payment.person.id)).toEqual(expectedIds);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/payments/{id}/',
    handler: paymentRoute,
    request: async (world, s) => {
      const payment = await studentPayment(world);
      return { path: `/api/v2/payments/${payment.id}/`, params: { id: String(payment.id) }, ...authed(s) };
    },
    expected: STUDENTS_OWN,
    check: (persona, json) => {
      expect(json).toMatchObject({ reference: expect.stringMatching(/^SND-\d+-MATRIX$/), status: 'pending' });
      // The provider's events and ids are the admins' to see.
      expect('events' in json).toBe(persona === 'admin');
    },
  },
  {
    method: 'POST',
    path: '/api/v2/payments/{id}/reconcile/',
    handler: reconcile,
    request: async (world, s) => {
      const payment = await studentPayment(world);
      return { path: `/api/v2/payments/${payment.id}/reconcile/`, params: { id: String(payment.id) }, body: {}, ...authed(s) };
    },
    expected: STUDENTS_OWN,
    // The sandbox has no transaction for it yet: still pending.
    check: (_, json) => expect(json).toMatchObject({ status: 'pending' }),
  },
  {
    method: 'GET',
    path: '/api/v2/payments/export/',
    handler: paymentsExport,
    request: async (world, s) => {
      await studentPayment(world);
      return { path: '/api/v2/payments/export/?export_format=csv', ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, text) => expect(String(text)).toContain('SND-'),
  },
  {
    method: 'GET',
    path: '/api/v2/crm/deliveries/',
    handler: crmList,
    request: async (world, s) => {
      await failedDelivery(world);
      return { path: '/api/v2/crm/deliveries/', ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json, world) => expect(json.results).toMatchObject([{ status: 'failed', lastError: 'FIELD_NOT_IN_FORM', email: world.student.email }]),
  },
  {
    method: 'POST',
    path: '/api/v2/crm/deliveries/{id}/retry/',
    handler: crmRetry,
    request: async (world, s) => {
      const delivery = await failedDelivery(world);
      return { path: `/api/v2/crm/deliveries/${delivery.id}/retry/`, params: { id: String(delivery.id) }, body: {}, ...authed(s) };
    },
    expected: { ...ADMINS_ONLY, admin: 202 },
    check: (_, json) => expect(json).toMatchObject({ status: 'pending', attempts: 0, lastError: null }),
  },
];
