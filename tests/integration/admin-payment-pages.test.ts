/**
 * The offers, payments and registrations admin pages as the server renders
 * them, for each kind of visitor (platform admins see them; tutors and
 * students get 404 and no menu entry), the payments download for the
 * browser session (XLSX and CSV with the page's filters), and the page
 * forms: "Consultar al proveedor ahora" and "Reintentar envío al CRM".
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OffersPage from '~/pages/admin/offers/index.astro';
import PaymentsPage from '~/pages/admin/payments/index.astro';
import PaymentPage from '~/pages/admin/payments/[id].astro';
import RegistrationsPage from '~/pages/admin/registrations/index.astro';
import ProgramsPage from '~/pages/admin/programs/index.astro';
import { GET as exportRoute } from '~/pages/admin/payments/export';
import { getT } from '~/i18n';
import { resetConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { crmDeliveries, offers, paymentEvents, payments, registrations, sandboxTransactions } from '~/lib/server/db/schema';
import { createUser, createWorld, type User } from '../factories';
import { pageSessionOf, renderPage } from '../support/astro-pages';
import { ORIGIN } from '../support/http';
import { reactContainerRenderer } from '../../build/react-renderer.mjs';

type World = Awaited<ReturnType<typeof createWorld>>;
type AstroPage = Parameters<AstroContainer['renderToResponse']>[0];

const NOT_FOUND_TEXT = 'Esta página no existe o no tienes acceso a ella.';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Intl writes a no-break space between the currency symbol and the amount. */
const plain = (html: string) => html.replace(/\u00a0|&nbsp;|&#160;/g, ' ');

let world: World;
let buyer: User;
let sale: { offerId: number; registrationId: number; paymentId: number; refundedId: number; deliveryId: number };

/** An offer of cohort A with Lucía's registration: a pending sandbox payment (with a provider event), a refunded PayPal one, and a CRM delivery that failed. */
async function createSale() {
  const db = await getDb();
  buyer = await createUser({ userType: 'student', firstName: 'Lucía', lastName: 'Mendoza', email: 'lucia@correo.co' });
  const [offer] = await db
    .insert(offers)
    .values({ cohortId: world.cohortA.id, slug: 'desarrollo-web-2027', title: 'Desarrollo web 2027', seats: 30, priceCents: 120_000_000, priceUsdCents: 29_900, opensAt: new Date(Date.now() - DAY_MS), closesAt: new Date(Date.now() + 30 * DAY_MS) })
    .returning();
  const [registration] = await db
    .insert(registrations)
    .values({ offerId: offer!.id, userId: buyer.id, status: 'pending_payment', consentAt: new Date(), verifiedAt: new Date(), holdExpiresAt: new Date(Date.now() + DAY_MS) })
    .returning();
  const base = { registrationId: registration!.id, userId: buyer.id, offerId: offer!.id };
  const [pending] = await db
    .insert(payments)
    .values({ ...base, provider: 'sandbox', reference: 'SND-0001', amountCents: 120_000_000, currency: 'COP', listAmountCents: 120_000_000, status: 'pending', createdAt: new Date(Date.now() - 60_000) })
    .returning();
  const [refunded] = await db
    .insert(payments)
    .values({ ...base, provider: 'paypal', reference: 'PPL-0002', amountCents: 29_900, currency: 'USD', listAmountCents: 29_900, status: 'refunded', attention: 'refunded', paymentMethod: 'PAYPAL', providerOrderId: 'ORDER-9', createdAt: new Date(Date.now() - 120_000) })
    .returning();
  await db.insert(paymentEvents).values({ paymentId: pending!.id, provider: 'sandbox', source: 'notification', eventType: 'transaction.updated', providerStatus: 'PENDING', outcome: 'unchanged' });
  const [delivery] = await db
    .insert(crmDeliveries)
    .values({ registrationId: registration!.id, payload: {}, status: 'failed', attempts: 13, lastStatusCode: 400, lastError: 'The email field is invalid' })
    .returning();
  sale = { offerId: offer!.id, registrationId: registration!.id, paymentId: pending!.id, refundedId: refunded!.id, deliveryId: delivery!.id };
}

beforeEach(async () => {
  world = await createWorld();
  await createSale();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  resetConfig();
});

let container: Promise<AstroContainer> | undefined;

/** Posts a page's form as the browser does (same origin, the signed-in session), answering the status, the redirect and the HTML. */
async function postPage(page: AstroPage, options: { path: string; params?: Record<string, string>; userId: number; form?: Record<string, string> }) {
  container ??= loadRenderers([reactContainerRenderer]).then((renderers) => AstroContainer.create({ renderers }));
  const request = new Request(`${ORIGIN}${options.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams(options.form ?? {}),
  });
  const response = await (await container).renderToResponse(page, {
    params: options.params ?? {},
    locals: { t: getT('es'), lang: 'es', session: await pageSessionOf(options.userId), sessionError: null },
    request,
  });
  // As renderPage: without the dev renderer's source tags and the islands' props.
  const html = (await response.text()).replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '').replace(/ props="[^"]*"/g, '');
  return { status: response.status, location: response.headers.get('location'), html };
}

const openPayment = (id: number | string, userId: number, query = '') => renderPage(PaymentPage, { path: `/admin/payments/${id}${query}`, params: { id: String(id) }, userId });
const paymentRow = async (id: number) => (await (await getDb()).select().from(payments).where(eq(payments.id, id)))[0]!;

describe('the admin menu', () => {
  it('offers "Ofertas", "Inscripciones" and "Pagos" to platform admins only', async () => {
    const admin = await renderPage(ProgramsPage, { path: '/admin/programs', userId: world.admin.id });
    expect(admin.html).toMatch(/href="\/admin\/offers"[^>]*>Ofertas</);
    expect(admin.html).toMatch(/href="\/admin\/registrations"[^>]*>Inscripciones</);
    expect(admin.html).toMatch(/href="\/admin\/payments"[^>]*>Pagos</);
    const tutor = await renderPage(ProgramsPage, { path: '/admin/programs', userId: world.tutor.id });
    expect(tutor.status).toBe(200);
    for (const href of ['/admin/offers', '/admin/registrations', '/admin/payments']) expect(tutor.html).not.toContain(`href="${href}"`);
  });
});

describe('/admin/offers', () => {
  it('shows platform admins the offers screen, its menu entry current', async () => {
    const { status, html } = await renderPage(OffersPage, { path: '/admin/offers', userId: world.admin.id });
    expect(status).toBe(200);
    expect(html).toContain('<h1>Ofertas</h1>');
    expect(html).toMatch(/href="\/admin\/offers"[^>]*aria-current="page"/);
    expect(html).toContain('Nueva oferta');
    expect(html).toContain('Cargando…');
  });

  it('does not exist for tutors and students (404)', async () => {
    for (const user of [world.tutor, world.student]) {
      const { status, html } = await renderPage(OffersPage, { path: '/admin/offers', userId: user.id });
      expect(status).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
      expect(html).not.toContain('Nueva oferta');
    }
  });
});

describe('/admin/payments', () => {
  it('lists every payment for platform admins: Bogotá date, reference, buyer, offer, provider, amount in its currency, state and attention', async () => {
    const { status, html } = await renderPage(PaymentsPage, { path: '/admin/payments', userId: world.admin.id });
    expect(status).toBe(200);
    expect(html).toContain('<h1>Pagos</h1>');
    expect(html).toContain('2 pagos');
    expect(html).toContain(`href="/admin/payments/${sale.paymentId}"`);
    expect(html).toContain('SND-0001');
    expect(html).toContain('Lucía Mendoza');
    expect(html).toContain('lucia@correo.co');
    expect(html).toContain('Desarrollo web 2027');
    expect(html).toContain('Pago de prueba');
    expect(plain(html)).toContain('$ 1.200.000');
    expect(plain(html)).toContain('US$ 299,00');
    expect(html).toContain('Pendiente');
    expect(html).toContain('Devuelto: inscripción pausada');
    expect(html).toContain('href="/admin/payments/export?export_format=xlsx"');
    expect(html).toContain('href="/admin/payments/export?export_format=csv"');
    // The offer filter offers every offer.
    expect(html).toMatch(new RegExp(`<option value="${sale.offerId}"[^>]*>Desarrollo web 2027</option>`));
  });

  it('filters from the URL (an unreadable value is no filter), and the downloads carry the same filters', async () => {
    const attention = await renderPage(PaymentsPage, { path: '/admin/payments?attention=true&status=bogus', userId: world.admin.id });
    expect(attention.html).toContain('1 pago');
    expect(attention.html).toContain('PPL-0002');
    expect(attention.html).not.toContain('SND-0001');
    expect(attention.html).toContain('href="/admin/payments/export?attention=true&amp;export_format=csv"');
    expect(attention.html).toMatch(/name="attention" value="true" checked/);

    const search = await renderPage(PaymentsPage, { path: '/admin/payments?search=snd-0001', userId: world.admin.id });
    expect(search.html).toContain('SND-0001');
    expect(search.html).not.toContain('PPL-0002');

    const none = await renderPage(PaymentsPage, { path: '/admin/payments?status=declined', userId: world.admin.id });
    expect(none.html).toContain('No hay pagos con estos filtros.');
    expect(none.html).toContain('Quitar los filtros');
  });

  it('does not exist for tutors and students, the buyer included (404)', async () => {
    for (const user of [world.tutor, world.student, buyer]) {
      const { status, html } = await renderPage(PaymentsPage, { path: '/admin/payments', userId: user.id });
      expect(status).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
      expect(html).not.toContain('SND-0001');
    }
  });
});

describe('/admin/payments/export', () => {
  const download = async (query: string, userId: number | null) =>
    exportRoute({
      url: new URL(`${ORIGIN}/admin/payments/export?${query}`),
      locals: { t: getT('es'), lang: 'es', session: userId === null ? null : await pageSessionOf(userId), sessionError: null },
    } as never);

  it('downloads the payments as XLSX for the signed-in admin', async () => {
    const response = await download('export_format=xlsx', world.admin.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
  });

  it("downloads the CSV with the page's filters", async () => {
    const response = await download('export_format=csv&attention=true', world.admin.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = await response.text();
    expect(text).toContain('Referencia');
    expect(text).toContain('PPL-0002');
    expect(text).toContain('Devuelto: inscripción pausada');
    expect(text).not.toContain('SND-0001');
  });

  it('is 404 for tutors and students, and 401 without a session', async () => {
    for (const user of [world.tutor, world.student]) expect((await download('export_format=csv', user.id)).status).toBe(404);
    expect((await download('export_format=csv', null)).status).toBe(401);
  });
});

describe('/admin/payments/[id]', () => {
  it("shows platform admins the payment: buyer, offer, amounts, the provider's ids and its events", async () => {
    const { status, html } = await openPayment(sale.paymentId, world.admin.id);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Pago SND-0001</h1>');
    expect(html).toContain(`href="/admin/users/${buyer.id}"`);
    expect(html).toContain('lucia@correo.co');
    expect(html).toContain('Desarrollo web 2027');
    expect(plain(html)).toContain('$ 1.200.000');
    expect(html).toContain('Aviso del proveedor');
    expect(html).toContain('transaction.updated');
    expect(html).toContain('Sin cambios');
    expect(html).toMatch(/<form method="post" action="\/admin\/payments\/\d+"/);
    expect(html).toContain('Consultar al proveedor ahora');

    const refunded = await openPayment(sale.refundedId, world.admin.id);
    expect(refunded.html).toContain('ORDER-9');
    expect(plain(refunded.html)).toContain('US$ 299,00');
    expect(refunded.html).toContain('El proveedor aún no ha informado nada de este pago.');
  });

  it('is 404 for tutors, students (the buyer included) and unknown ids', async () => {
    const cases: [number | string, number][] = [
      [sale.paymentId, world.tutor.id],
      [sale.paymentId, world.student.id],
      [sale.paymentId, buyer.id],
      [999_999, world.admin.id],
      ['abc', world.admin.id],
    ];
    for (const [id, userId] of cases) {
      const { status, html } = await openPayment(id, userId);
      expect(status, `${id} as ${userId}`).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
    }
  });

  it('"Consultar al proveedor ahora" asks the provider, applies its answer and comes back (303) saying where the payment stands', async () => {
    await (await getDb()).insert(sandboxTransactions).values({ id: 'sbx_declined', reference: 'SND-0001', amountCents: 120_000_000, currency: 'COP', status: 'DECLINED' });
    const posted = await postPage(PaymentPage, { path: `/admin/payments/${sale.paymentId}`, params: { id: String(sale.paymentId) }, userId: world.admin.id });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`/admin/payments/${sale.paymentId}?checked=1`);
    expect((await paymentRow(sale.paymentId)).status).toBe('declined');
    const { html } = await openPayment(sale.paymentId, world.admin.id, '?checked=1');
    expect(html).toContain('Consultamos al proveedor. El pago está: Rechazado.');
    expect(html).toContain('Consulta de un administrador');
    expect(html).toContain('Aplicado');
  });

  it('says so when the provider does not answer, and leaves the payment as it was', async () => {
    vi.stubEnv('WOMPI_PUBLIC_KEY', 'pub_test_senda');
    vi.stubEnv('WOMPI_PRIVATE_KEY', 'prv_test_senda');
    vi.stubEnv('WOMPI_EVENTS_SECRET', 'events-secret-1');
    vi.stubEnv('WOMPI_INTEGRITY_SECRET', 'integrity-secret-1');
    vi.stubEnv('WOMPI_API_URL', 'https://wompi.test/v1');
    resetConfig();
    vi.stubGlobal('fetch', async () => new Response('unavailable', { status: 503 }));
    const db = await getDb();
    await db.update(payments).set({ provider: 'wompi' }).where(eq(payments.id, sale.paymentId));
    const posted = await postPage(PaymentPage, { path: `/admin/payments/${sale.paymentId}`, params: { id: String(sale.paymentId) }, userId: world.admin.id });
    expect(posted.status).toBe(502);
    expect(posted.html).toContain('El proveedor no respondió y el pago sigue como estaba. Vuelve a consultarlo en unos minutos.');
    expect(posted.html).toContain('<h1>Pago SND-0001</h1>');
    expect((await paymentRow(sale.paymentId)).status).toBe('pending');
  });

  it('does nothing for anyone but a platform admin (404), the buyer included', async () => {
    await (await getDb()).insert(sandboxTransactions).values({ id: 'sbx_declined', reference: 'SND-0001', amountCents: 120_000_000, currency: 'COP', status: 'DECLINED' });
    for (const user of [world.tutor, buyer]) {
      const posted = await postPage(PaymentPage, { path: `/admin/payments/${sale.paymentId}`, params: { id: String(sale.paymentId) }, userId: user.id });
      expect(posted.status).toBe(404);
    }
    const row = await paymentRow(sale.paymentId);
    expect(row.status).toBe('pending');
    expect(row.lastCheckedAt).toBeNull();
  });
});

describe('/admin/registrations', () => {
  it("lists registrations for platform admins: person, offer, state, newest payment and the CRM delivery's state, attempts and error", async () => {
    const { status, html } = await renderPage(RegistrationsPage, { path: '/admin/registrations', userId: world.admin.id });
    expect(status).toBe(200);
    expect(html).toContain('<h1>Inscripciones</h1>');
    expect(html).toContain('1 inscripción');
    expect(html).toContain('Lucía Mendoza');
    expect(html).toContain('Desarrollo web 2027');
    expect(html).toContain('Falta el pago');
    expect(html).toContain(`href="/admin/payments/${sale.paymentId}"`);
    expect(html).toContain('Falló');
    expect(html).toContain('13 intentos');
    expect(html).toContain('Último error: The email field is invalid');
    expect(html).toContain('Reintentar envío al CRM de Lucía Mendoza');
  });

  it('filters by CRM state, offer and person from the URL', async () => {
    const delivered = await renderPage(RegistrationsPage, { path: '/admin/registrations?crm=delivered', userId: world.admin.id });
    expect(delivered.html).toContain('No hay inscripciones con estos filtros.');
    const found = await renderPage(RegistrationsPage, { path: `/admin/registrations?crm=failed&offer=${sale.offerId}&search=mendoza`, userId: world.admin.id });
    expect(found.html).toContain('Lucía Mendoza');
    expect(found.html).toMatch(new RegExp(`<option value="${sale.offerId}"[^>]*selected`));
  });

  it('"Reintentar envío al CRM" queues the delivery again and comes back to the same filters (303)', async () => {
    const posted = await postPage(RegistrationsPage, { path: '/admin/registrations?crm=failed', userId: world.admin.id, form: { delivery: String(sale.deliveryId) } });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe('/admin/registrations?crm=failed&retried=1');
    const [delivery] = await (await getDb()).select().from(crmDeliveries).where(eq(crmDeliveries.id, sale.deliveryId));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const { html } = await renderPage(RegistrationsPage, { path: '/admin/registrations?retried=1', userId: world.admin.id });
    expect(html).toContain('La inscripción volvió a la cola de envío al CRM.');
    expect(html).toContain('En cola');
    expect(html).not.toContain('Reintentar envío al CRM de');
  });

  it('does not exist for tutors and students (404), and their retry changes nothing', async () => {
    for (const user of [world.tutor, world.student]) {
      const { status, html } = await renderPage(RegistrationsPage, { path: '/admin/registrations', userId: user.id });
      expect(status).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
      const posted = await postPage(RegistrationsPage, { path: '/admin/registrations', userId: user.id, form: { delivery: String(sale.deliveryId) } });
      expect(posted.status).toBe(404);
    }
    const [delivery] = await (await getDb()).select().from(crmDeliveries).where(eq(crmDeliveries.id, sale.deliveryId));
    expect(delivery).toMatchObject({ status: 'failed', attempts: 13 });
  });
});
