/**
 * The fixed keys and secrets the fake providers and Senda share in tests
 * (integration and end to end): shaped like the real ones (INTEGRATIONS.md),
 * worthless anywhere else. `sendaEnvOf` is the environment that points
 * Senda at the fakes.
 */

export const WOMPI_TEST_KEYS = {
  publicKey: 'pub_test_SendaFakeWompi0000000000000001',
  privateKey: 'prv_test_SendaFakeWompi0000000000000001',
  eventsSecret: 'test_events_SendaFakeWompi00000000001',
  integritySecret: 'test_integrity_SendaFakeWompi000000001',
} as const;

export const PAYPAL_TEST_KEYS = {
  clientId: 'AfakeSendaPaypalClientId000000000000000001',
  clientSecret: 'EfakeSendaPaypalClientSecret00000000000001',
  webhookId: '8PT597110X687430LKGECATA',
} as const;

/** The HubSpot portal and form the fake CRM accepts submissions for. */
export const CRM_TEST_FORM = {
  portalId: '24681357',
  formGuid: '5f0b3c1e-8a4d-4e2b-9c6f-1d2e3f4a5b6c',
} as const;

/** The submit path of the test form (HubSpot Forms v3). */
export const CRM_SUBMIT_PATH = `/submissions/v3/integration/submit/${CRM_TEST_FORM.portalId}/${CRM_TEST_FORM.formGuid}`;

/** The key the fake model expects (a hosted provider's shape; local servers need none). */
export const AI_TEST_KEY = 'sk-senda-fake-openai-0000000000000001';
/** The model name Senda asks the fake for. */
export const AI_TEST_MODEL = 'senda-fake-model';

/** Senda's settings for the fakes at these base addresses (`http://127.0.0.1:<port>`); a fake left out is left unset. */
export function sendaEnvOf(fakes: { wompi?: string; paypal?: string; crm?: string; ai?: string }): Record<string, string> {
  return {
    ...(fakes.wompi && {
      WOMPI_PUBLIC_KEY: WOMPI_TEST_KEYS.publicKey,
      WOMPI_PRIVATE_KEY: WOMPI_TEST_KEYS.privateKey,
      WOMPI_EVENTS_SECRET: WOMPI_TEST_KEYS.eventsSecret,
      WOMPI_INTEGRITY_SECRET: WOMPI_TEST_KEYS.integritySecret,
      WOMPI_API_URL: `${fakes.wompi}/v1`,
      WOMPI_CHECKOUT_URL: `${fakes.wompi}/p/`,
    }),
    ...(fakes.paypal && {
      PAYPAL_CLIENT_ID: PAYPAL_TEST_KEYS.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL_TEST_KEYS.clientSecret,
      PAYPAL_WEBHOOK_ID: PAYPAL_TEST_KEYS.webhookId,
      PAYPAL_API_URL: fakes.paypal,
    }),
    ...(fakes.crm && { CRM_FORMS_URL: `${fakes.crm}${CRM_SUBMIT_PATH}` }),
    ...(fakes.ai && { AI_BASE_URL: `${fakes.ai}/v1`, AI_API_KEY: AI_TEST_KEY, AI_MODEL: AI_TEST_MODEL }),
  };
}
