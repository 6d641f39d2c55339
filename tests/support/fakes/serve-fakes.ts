/**
 * Starts the fake Wompi, PayPal, CRM and OpenAI-compatible model on fixed
 * ports, for the end-to-end suite to run as a Playwright webServer:
 *
 *   FAKE_WOMPI_PORT=4650 FAKE_PAYPAL_PORT=4651 FAKE_CRM_PORT=4652 FAKE_OPENAI_PORT=4653 \
 *   FAKE_NOTIFICATION_URL=http://127.0.0.1:4610/api/payments/notification/ \
 *   npx tsx tests/support/fakes/serve-fakes.ts
 *
 * A fake whose port is not given is not started. Keys and secrets are the
 * shared test ones (test-keys.ts) unless Senda's own variables name others
 * (WOMPI_PUBLIC_KEY…, PAYPAL_CLIENT_ID…, AI_API_KEY); `sendaEnvOf` in test-keys.ts is
 * the environment that points Senda at these ports. Events and webhooks go
 * to FAKE_NOTIFICATION_URL; FAKE_WOMPI_EVENT_TIMING (before-redirect,
 * after-redirect, held, none) and FAKE_PAYPAL_APPROVAL_WEBHOOK (none,
 * before-redirect, after-redirect) choose when. Every fake answers
 * `GET /__control/health` (the readiness check) and takes its controls under
 * `/__control/` (see each fake). Stops on SIGTERM or SIGINT.
 */
import { startFakeCrm } from './fake-crm';
import { startFakeOpenAi } from './fake-openai';
import { startFakePaypal, type PaypalApprovalWebhook } from './fake-paypal';
import { startFakeWompi, type WompiEventTiming } from './fake-wompi';
import { AI_TEST_KEY, CRM_TEST_FORM, PAYPAL_TEST_KEYS, WOMPI_TEST_KEYS } from './test-keys';

const env = process.env;

function portOf(name: string): number | null {
  const value = env[name];
  if (!value) return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${name} must be a port number, not ${value}`);
  return port;
}

const ports = { wompi: portOf('FAKE_WOMPI_PORT'), paypal: portOf('FAKE_PAYPAL_PORT'), crm: portOf('FAKE_CRM_PORT'), openai: portOf('FAKE_OPENAI_PORT') };
if (!ports.wompi && !ports.paypal && !ports.crm && !ports.openai) throw new Error('Set FAKE_WOMPI_PORT, FAKE_PAYPAL_PORT, FAKE_CRM_PORT and/or FAKE_OPENAI_PORT');
const notificationUrl = env.FAKE_NOTIFICATION_URL ?? null;

const closers: (() => Promise<void>)[] = [];

if (ports.wompi) {
  const wompi = await startFakeWompi({
    port: ports.wompi,
    notificationUrl,
    eventTiming: (env.FAKE_WOMPI_EVENT_TIMING as WompiEventTiming | undefined) ?? 'before-redirect',
    keys: {
      publicKey: env.WOMPI_PUBLIC_KEY ?? WOMPI_TEST_KEYS.publicKey,
      privateKey: env.WOMPI_PRIVATE_KEY ?? WOMPI_TEST_KEYS.privateKey,
      eventsSecret: env.WOMPI_EVENTS_SECRET ?? WOMPI_TEST_KEYS.eventsSecret,
      integritySecret: env.WOMPI_INTEGRITY_SECRET ?? WOMPI_TEST_KEYS.integritySecret,
    },
  });
  closers.push(() => wompi.close());
  console.log(`fake Wompi on ${wompi.url} (WOMPI_API_URL=${wompi.apiUrl} WOMPI_CHECKOUT_URL=${wompi.checkoutUrl})`);
}

if (ports.paypal) {
  const paypal = await startFakePaypal({
    port: ports.paypal,
    notificationUrl,
    approvalWebhook: (env.FAKE_PAYPAL_APPROVAL_WEBHOOK as PaypalApprovalWebhook | undefined) ?? 'none',
    keys: {
      clientId: env.PAYPAL_CLIENT_ID ?? PAYPAL_TEST_KEYS.clientId,
      clientSecret: env.PAYPAL_CLIENT_SECRET ?? PAYPAL_TEST_KEYS.clientSecret,
      webhookId: env.PAYPAL_WEBHOOK_ID ?? PAYPAL_TEST_KEYS.webhookId,
    },
  });
  closers.push(() => paypal.close());
  console.log(`fake PayPal on ${paypal.url} (PAYPAL_API_URL=${paypal.url})`);
}

if (ports.crm) {
  const crm = await startFakeCrm({ port: ports.crm, portalId: env.FAKE_CRM_PORTAL_ID ?? CRM_TEST_FORM.portalId, formGuid: env.FAKE_CRM_FORM_GUID ?? CRM_TEST_FORM.formGuid });
  closers.push(() => crm.close());
  console.log(`fake CRM on ${crm.url} (CRM_FORMS_URL=${crm.submitUrl})`);
}

if (ports.openai) {
  const openai = await startFakeOpenAi({ port: ports.openai, apiKey: env.AI_API_KEY ?? AI_TEST_KEY });
  closers.push(() => openai.close());
  console.log(`fake OpenAI-compatible model on ${openai.url} (AI_BASE_URL=${openai.baseUrl})`);
}

console.log(notificationUrl ? `events and webhooks go to ${notificationUrl}` : 'FAKE_NOTIFICATION_URL is not set: events and webhooks are only recorded');

async function stop(signal: string) {
  console.log(`${signal}: stopping the fakes`);
  await Promise.all(closers.map((close) => close()));
  process.exit(0);
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
