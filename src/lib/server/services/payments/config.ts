import { z } from 'zod';

/** Payments and their providers: the environment variables they read (config.ts collects every domain's). */
export const PaymentConfigSchema = z.object({
  /** The built-in test payment provider (no credentials, no network); on by default outside production. */
  PAYMENTS_SANDBOX: z.enum(['true', 'false'], 'PAYMENTS_SANDBOX must be true or false').optional(),
  /** How long a call to a payment provider or the CRM may take (ms) before it counts as failed. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Wompi (Colombia: cards, PSE, Nequi): on when its four keys are set. */
  WOMPI_PUBLIC_KEY: z.string().regex(/^pub_(test|prod)_\S+$/, 'WOMPI_PUBLIC_KEY must look like pub_test_… or pub_prod_…').optional(),
  WOMPI_PRIVATE_KEY: z.string().regex(/^prv_(test|prod)_\S+$/, 'WOMPI_PRIVATE_KEY must look like prv_test_… or prv_prod_…').optional(),
  WOMPI_EVENTS_SECRET: z.string().min(8).optional(),
  WOMPI_INTEGRITY_SECRET: z.string().min(8).optional(),
  /** Wompi's API; by default the sandbox for test keys, production for prod keys. */
  WOMPI_API_URL: z.url({ protocol: /^https?$/, error: 'WOMPI_API_URL must be an http(s) URL such as https://sandbox.wompi.co/v1' }).transform((url) => url.replace(/\/+$/, '')).optional(),
  WOMPI_CHECKOUT_URL: z.url({ protocol: /^https?$/, error: 'WOMPI_CHECKOUT_URL must be an http(s) URL' }).default('https://checkout.wompi.co/p/'),
  /** PayPal Orders v2: on when the client id, secret and webhook id are set. */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** PayPal's API; the sandbox unless set (https://api-m.paypal.com for live payments). */
  PAYPAL_API_URL: z.url({ protocol: /^https?$/, error: 'PAYPAL_API_URL must be an http(s) URL such as https://api-m.paypal.com' }).transform((url) => url.replace(/\/+$/, '')).default('https://api-m.sandbox.paypal.com'),
});

/** A provider's keys work only all together. */
export function checkPaymentConfig(env: z.infer<typeof PaymentConfigSchema>, context: z.RefinementCtx): void {
  const wompi = ['WOMPI_PUBLIC_KEY', 'WOMPI_PRIVATE_KEY', 'WOMPI_EVENTS_SECRET', 'WOMPI_INTEGRITY_SECRET'] as const;
  if (wompi.some((name) => env[name])) {
    for (const name of wompi) if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required with the other WOMPI_ keys` });
  }
  const paypal = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;
  if (paypal.some((name) => env[name])) {
    for (const name of paypal) if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required with the other PAYPAL_ settings` });
  }
}
