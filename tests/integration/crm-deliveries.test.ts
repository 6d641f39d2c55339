/**
 * The CRM outbox against the fake HubSpot Forms service: a sign-up's
 * submission is delivered once with the person's contact fields and the
 * offer's page; a 429, a 5xx or no answer in time leaves it retrying (the
 * job engine tries again) until CRM_MAX_ATTEMPTS, then failed; a refusal
 * fails at once with HubSpot's reason; an outage loses nothing and sends
 * nothing twice; without CRM_FORMS_URL deliveries are skipped; an admin
 * sends a failed one again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { crmDeliveries } from '~/lib/server/db/schema';
import { ProviderCallError } from '~/lib/server/http/provider-http';
import { CRM_MAX_ATTEMPTS, deliverToCrm, sweepCrmDeliveries } from '~/lib/server/services/crm/crm-deliveries';
import { POST as retryEndpoint } from '~/pages/api/v2/crm/deliveries/[id]/retry';
import { call } from '../support/http';
import { restoreEnv, useEnv } from '../support/test-env';
import { startFakeCrm, type FakeCrm } from '../support/fakes/fake-crm';
import { sendaEnvOf } from '../support/fakes/test-keys';
import { accessTokenFor, createUser } from '../factories';
import { createOffer, registerVisitorFor } from '../factories/registrations';

const PUBLIC_URL = 'https://senda.example.co';
let crm: FakeCrm;

beforeAll(async () => {
  crm = await startFakeCrm();
});
afterAll(async () => {
  await crm.close();
});

beforeEach(() => useEnv({ ...sendaEnvOf({ crm: crm.url }), SENDA_PUBLIC_URL: PUBLIC_URL }));
afterEach(() => {
  restoreEnv();
  crm.reset();
});

/** A visitor's sign-up and the CRM delivery it wrote. */
async function signUpWithDelivery(overrides: Record<string, unknown> = {}, ip?: string) {
  const offer = await createOffer({ title: 'Programación para todos', slug: 'programacion-para-todos' });
  const { user, registration } = await registerVisitorFor(offer, overrides, { ip });
  const db = await getDb();
  const [delivery] = await db.select().from(crmDeliveries).where(eq(crmDeliveries.registrationId, registration.id));
  return { offer, user, registration, deliveryId: delivery!.id };
}

async function deliveryRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(crmDeliveries).where(eq(crmDeliveries.id, id));
  return row!;
}

describe('delivering a sign-up to the CRM', () => {
  it("sends the person's contact fields and the offer's page, once", async () => {
    const { deliveryId } = await signUpWithDelivery({ email: 'sara@correo.co', firstName: 'Sara', lastName: 'Quintero', contact: '3104445566', municipality: '05001' }, '181.49.12.7');
    expect(await deliverToCrm(deliveryId)).toBe('delivered');
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, claimedAt: null });
    expect((await deliveryRow(deliveryId)).deliveredAt).not.toBeNull();

    expect(crm.accepted()).toHaveLength(1);
    const body = crm.accepted()[0] as { fields: { objectTypeId: string; name: string; value: string }[]; submittedAt: string; context: Record<string, string> };
    const fields = Object.fromEntries(body.fields.map((field) => [field.name, field.value]));
    expect(fields).toMatchObject({ email: 'sara@correo.co', firstname: 'Sara', lastname: 'Quintero', phone: '3104445566', city: 'Medellín', country: 'Colombia' });
    expect(body.fields.every((field) => field.objectTypeId === '0-1')).toBe(true);
    expect(body.context).toEqual({ pageUri: `${PUBLIC_URL}/offers/programacion-para-todos`, pageName: 'Programación para todos', ipAddress: '181.49.12.7' });
    expect(Math.abs(Number(body.submittedAt) - Date.now())).toBeLessThan(60_000);

    // Delivered once: a second job for it sends nothing.
    expect(await deliverToCrm(deliveryId)).toBe('busy');
    expect(crm.received).toHaveLength(1);
  });

  it('never sends a private network address as the visitor\'s IP (HubSpot refuses them)', async () => {
    const { deliveryId } = await signUpWithDelivery({}, '192.168.1.20');
    expect(await deliverToCrm(deliveryId)).toBe('delivered');
    expect((crm.accepted()[0] as { context: Record<string, string> }).context.ipAddress).toBeUndefined();
  });

  it.each([
    ['429 (slow down)', 429, 429],
    ['a 500', 500, 500],
    ['no answer in time', 'hang', null],
  ] as const)('%s leaves it retrying and throws, so the job engine tries again; the next attempt delivers', async (_, mode, statusCode) => {
    useEnv({ PROVIDER_TIMEOUT_MS: '300' });
    const { deliveryId } = await signUpWithDelivery();
    crm.failNext(1, mode);
    const failure = await deliverToCrm(deliveryId).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProviderCallError);
    expect((failure as ProviderCallError).isRetryable).toBe(true);
    const row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: 'retrying', attempts: 1, lastStatusCode: statusCode, claimedAt: null });
    expect(row.lastError).toBeTruthy();
    expect(await deliverToCrm(deliveryId)).toBe('delivered');
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
    expect(crm.accepted()).toHaveLength(1);
  });

  it(`after CRM_MAX_ATTEMPTS (${CRM_MAX_ATTEMPTS}) it stops: failed, with the last reason, and no throw`, async () => {
    const { deliveryId } = await signUpWithDelivery();
    crm.failUntilTold(503);
    for (let attempt = 1; attempt < CRM_MAX_ATTEMPTS; attempt++) await expect(deliverToCrm(deliveryId)).rejects.toBeInstanceOf(ProviderCallError);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'retrying', attempts: CRM_MAX_ATTEMPTS - 1 });
    expect(await deliverToCrm(deliveryId)).toBe('failed');
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'failed', attempts: CRM_MAX_ATTEMPTS, lastStatusCode: 503, lastError: 'internal error' });
    expect(crm.received).toHaveLength(CRM_MAX_ATTEMPTS);
    expect(await deliverToCrm(deliveryId)).toBe('busy');
    expect(crm.received).toHaveLength(CRM_MAX_ATTEMPTS);
  });

  it("a refusal (400) fails at once with HubSpot's reason, and is not retried", async () => {
    const { deliveryId } = await signUpWithDelivery({ contact: '3001112233' });
    crm.setFormFields(['email', 'firstname', 'lastname', 'city', 'state', 'country']);
    expect(await deliverToCrm(deliveryId)).toBe('failed');
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 400,
      lastError: "Error in 'fields.phone'. Field 'phone' is not present in the form definition.",
    });
    expect(crm.received).toHaveLength(1);
    expect(crm.accepted()).toEqual([]);
  });

  it('an outage of many attempts loses nothing and, once over, delivers exactly once however many jobs come', async () => {
    const { deliveryId } = await signUpWithDelivery({ email: 'persistente@correo.co' });
    crm.failUntilTold(500);
    for (let attempt = 0; attempt < 6; attempt++) await expect(deliverToCrm(deliveryId)).rejects.toBeInstanceOf(ProviderCallError);
    crm.recover();
    const outcomes = await Promise.all([deliverToCrm(deliveryId), deliverToCrm(deliveryId), deliverToCrm(deliveryId)]);
    expect(outcomes.sort()).toEqual(['busy', 'busy', 'delivered']);
    expect(await deliverToCrm(deliveryId)).toBe('busy');
    expect(await sweepCrmDeliveries(new Date(Date.now() + 60 * 60_000))).toBe(0);
    expect(crm.received).toHaveLength(7);
    expect(crm.accepted()).toHaveLength(1);
    expect((crm.accepted()[0] as { fields: { name: string; value: string }[] }).fields).toContainEqual({ objectTypeId: '0-1', name: 'email', value: 'persistente@correo.co' });
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'delivered', attempts: 7 });
  });

  it('two deliveries of the same entry at once send one POST', async () => {
    const { deliveryId } = await signUpWithDelivery();
    const outcomes = await Promise.all([deliverToCrm(deliveryId), deliverToCrm(deliveryId)]);
    expect(outcomes.sort()).toEqual(['busy', 'delivered']);
    expect(crm.received).toHaveLength(1);
  });

  it('a delivery left "sending" by a server that died is taken again after ten minutes', async () => {
    const { deliveryId } = await signUpWithDelivery();
    const db = await getDb();
    await db.update(crmDeliveries).set({ status: 'sending', attempts: 1, claimedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(crmDeliveries.id, deliveryId));
    expect(await sweepCrmDeliveries()).toBe(1);
    expect(await deliverToCrm(deliveryId)).toBe('delivered');
    expect(crm.accepted()).toHaveLength(1);
  });

  it('without CRM_FORMS_URL deliveries are skipped and nothing is sent', async () => {
    useEnv({ CRM_FORMS_URL: undefined });
    const { deliveryId } = await signUpWithDelivery();
    expect(await deliverToCrm(deliveryId)).toBe('skipped');
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'skipped', lastError: 'CRM_FORMS_URL is not set' });
    expect(crm.received).toEqual([]);
  });

  it('an admin sends a failed delivery again: pending with its attempts reset, then delivered; others may not', async () => {
    const { deliveryId } = await signUpWithDelivery();
    crm.setFormFields(['email']);
    expect(await deliverToCrm(deliveryId)).toBe('failed');
    crm.setFormFields(null);

    const student = await createUser({ userType: 'student' });
    const refused = await call(retryEndpoint, { path: `/api/v2/crm/deliveries/${deliveryId}/retry/`, params: { id: String(deliveryId) }, token: await accessTokenFor(student), body: {} });
    expect(refused.status).toBe(403);
    expect((await deliveryRow(deliveryId)).status).toBe('failed');

    const admin = await createUser({ userType: 'admin' });
    const token = await accessTokenFor(admin);
    const retried = await call(retryEndpoint, { path: `/api/v2/crm/deliveries/${deliveryId}/retry/`, params: { id: String(deliveryId) }, token, body: {} });
    expect(retried.status).toBe(202);
    expect(retried.json).toMatchObject({ id: deliveryId, status: 'pending', attempts: 0, lastError: null, lastStatusCode: null });
    expect(await deliverToCrm(deliveryId)).toBe('delivered');
    expect(crm.accepted()).toHaveLength(1);

    // A delivered one is left as it is.
    const again = await call(retryEndpoint, { path: `/api/v2/crm/deliveries/${deliveryId}/retry/`, params: { id: String(deliveryId) }, token, body: {} });
    expect(again.json).toMatchObject({ status: 'delivered' });
    expect(await deliverToCrm(deliveryId)).toBe('busy');
    expect(crm.accepted()).toHaveLength(1);
  });
});
