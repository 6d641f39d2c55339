/**
 * The buyer's registration page (/registrations/[id]) offers only the payment
 * methods that are configured, and says a PayPal price only when PayPal is one
 * of them (issue 35: "Con PayPal pagas US$ 45,00" showed with PayPal off).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RegistrationPage from '~/pages/registrations/[id].astro';
import { resetConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { offers, registrations } from '~/lib/server/db/schema';
import { createUser, createWorld } from '../factories';
import { renderPage } from '../support/astro-pages';

const DAY_MS = 24 * 60 * 60 * 1000;
const plain = (html: string) => html.replace(/\u00a0|&nbsp;|&#160;/g, ' ');

let buyerId: number;
let registrationId: number;

beforeEach(async () => {
  const world = await createWorld();
  const db = await getDb();
  buyerId = (await createUser({ userType: 'student', firstName: 'Lucía', lastName: 'Mendoza', email: 'lucia@correo.co' })).id;
  const [offer] = await db
    .insert(offers)
    .values({ cohortId: world.cohortA.id, slug: 'analitica-2027', title: 'Analítica 2027', seats: 30, priceCents: 18_000_000, priceUsdCents: 4_500, opensAt: new Date(Date.now() - DAY_MS), closesAt: new Date(Date.now() + 30 * DAY_MS) })
    .returning();
  const [registration] = await db
    .insert(registrations)
    .values({ offerId: offer!.id, userId: buyerId, status: 'pending_payment', consentAt: new Date(), verifiedAt: new Date(), holdExpiresAt: new Date(Date.now() + DAY_MS) })
    .returning();
  registrationId = registration!.id;
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

const open = async () => plain((await renderPage(RegistrationPage, { path: `/registrations/${registrationId}`, params: { id: String(registrationId) }, userId: buyerId })).html);

describe('the registration page’s price', () => {
  it('says nothing of PayPal when PayPal is not configured', async () => {
    // Whatever the run's environment holds (the PostgreSQL pass configures the payment fakes).
    for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']) vi.stubEnv(name, undefined);
    resetConfig();
    const html = await open();
    expect(html).toContain('Pagar');
    expect(html).not.toContain('Con PayPal pagas');
    expect(html).not.toMatch(/name="provider" value="paypal"/);
  });

  it('shows the price in dollars beside PayPal when it is offered', async () => {
    vi.stubEnv('PAYPAL_CLIENT_ID', 'page-client');
    vi.stubEnv('PAYPAL_CLIENT_SECRET', 'page-secret');
    vi.stubEnv('PAYPAL_WEBHOOK_ID', 'WH-PAGE');
    resetConfig();
    const html = await open();
    expect(html).toContain('Con PayPal pagas US$ 45,00');
    expect(html).toMatch(/name="provider" value="paypal"/);
  });
});
