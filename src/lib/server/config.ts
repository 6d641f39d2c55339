import { z } from 'zod';
import { TOKEN_EXPIRY_WINDOW_S } from '~/lib/shared/constants';

const THIRTY_MINUTES_S = 30 * 60;
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
const FIFTEEN_MINUTES_S = 15 * 60;
const ONE_HOUR_S = 60 * 60;
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** What must be set when files live in an S3-compatible bucket (`SENDA_STORAGE=s3`). */
const S3_REQUIRED_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  SENDA_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://').optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must have at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .refine((v) => v > TOKEN_EXPIRY_WINDOW_S, `ACCESS_TOKEN_TTL_S must exceed the ${TOKEN_EXPIRY_WINDOW_S} s expiry window`)
    .default(THIRTY_MINUTES_S),
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().positive().default(THIRTY_DAYS_S),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_FAILURE_WINDOW_S: z.coerce.number().int().positive().default(FIFTEEN_MINUTES_S),
  SESSION_POLL_INTERVAL_S: z.coerce.number().int().min(0).default(5 * 60),
  /** App server processes `npm start` keeps running (and restarts when one dies); more than one needs PostgreSQL. */
  SENDA_SERVERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Each app server's JavaScript heap limit in MB (V8's old space). Its live data is ~60 MB; the limit makes the
   * garbage collector give memory back instead of letting the heap grow with garbage. A server that runs out is
   * replaced by the supervisor (heavy work, spreadsheets, runs in worker threads with limits of their own).
   */
  SENDA_SERVER_HEAP_MB: z.coerce.number().int().min(96).max(16_384).default(256),
  /** Whether the app servers run the background job workers (false: `npm run worker` runs them). */
  SENDA_JOB_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Show the demo accounts on /signin; defaults to "not production". */
  SENDA_DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  /**
   * How many reverse proxies in front of the app servers add to X-Forwarded-For (nginx: 1): the client's address is
   * the entry the outermost of them wrote, counted from the right (the client writes anything it likes at the left).
   * `true` means 1; `false` or 0: the forwarded headers are ignored.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be true, false or the number of proxies in front (such as 1)')
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
  /** Where uploaded files live: `disk` under `$SENDA_DATA_DIR/uploads`, or `s3` (a bucket several servers share). */
  SENDA_STORAGE: z.enum(['disk', 's3'], 'SENDA_STORAGE must be disk or s3').default('disk'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  // Path-style URLs put the bucket in the path: it must be one plain segment.
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, 'S3_BUCKET must be a bucket name (letters, digits, dots, dashes)')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as us-east-1 (auto on R2)').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The address people open Senda at: the links in e-mails point there (never at the Host of a request, which anyone can forge). */
  SENDA_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'SENDA_PUBLIC_URL must be an http(s) URL such as https://senda.example.co' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** E-mail through an SMTP server when SMTP_HOST is set; otherwise into the development mailbox (/admin/mailbox). */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** `true`: TLS from the first byte (port 465); `false`: plain, upgraded with STARTTLS when the server offers it (587). */
  SMTP_SECURE: z
    .enum(['true', 'false'], 'SMTP_SECURE must be true or false')
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender of every message: an address, or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'MAIL_FROM must be an e-mail address or Name <address>')
    .default('Senda <no-reply@senda.localhost>'),
  /** How long an invitation's set-password link works. */
  INVITATION_TTL_S: z.coerce.number().int().min(ONE_HOUR_S).default(SEVEN_DAYS_S),
  /** How long a password-recovery link works. */
  PASSWORD_RESET_TTL_S: z.coerce.number().int().min(5 * 60).max(SEVEN_DAYS_S).default(ONE_HOUR_S),
  /** Recovery requests per hour: e-mails one account receives, and requests one address may make. */
  RECOVERY_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  RECOVERY_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  /** What each student's submitted files may take in all (MB); past it a submission is 413 submission_quota_exceeded. */
  SUBMISSION_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** A zip of submissions up to this size (MB) streams as it is asked for; a larger one is built by the job engine, with progress. */
  SUBMISSION_ZIP_STREAM_MAX_MB: z.coerce.number().int().min(0).max(1_000_000).default(500),
  /** A report up to this many rows streams as it is asked for; a larger one is built by the job engine, with progress (ADR 017). */
  REPORT_STREAM_MAX_ROWS: z.coerce.number().int().min(0).max(100_000_000).default(250_000),
  /** How long a verified sign-up keeps its seat while the payment is made (hours). */
  REGISTRATION_HOLD_H: z.coerce.number().int().min(1).max(24 * 30).default(48),
  /** How long a sign-up's verification link works (hours); a sign-up never verified is deleted once it has expired. */
  REGISTRATION_VERIFY_H: z.coerce.number().int().min(1).max(24 * 30).default(48),
  /** Sign-ups one address may make per hour. */
  REGISTRATION_MAX_PER_IP: z.coerce.number().int().positive().default(20),
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
  /** The CRM forms endpoint every registration is delivered to (HubSpot Forms v3 submit URL); unset: deliveries are skipped. */
  /** An OpenAI-compatible chat-completions server for the study assistant (`…/v1`); unset: the assistant answers from the data alone. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'AI_BASE_URL must be an http(s) URL such as http://localhost:11434/v1' }).transform((url) => url.replace(/\/+$/, '')).optional(),
  /** Its key (local servers such as Ollama need none). */
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** How long the model may take to answer (ms) before the assistant answers from the data instead. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Model calls per person and per site in an hour; past them, the answer comes from the data alone (chat: 429). */
  AI_MAX_PER_USER_HOUR: z.coerce.number().int().min(0).default(20),
  AI_MAX_PER_SITE_HOUR: z.coerce.number().int().min(0).default(2000),
  CRM_FORMS_URL: z.url({ protocol: /^https?$/, error: 'CRM_FORMS_URL must be an http(s) URL such as https://api.hsforms.com/submissions/v3/integration/submit/{portalId}/{formGuid}' }).optional(),
});

/** The variables that only matter together: a bucket needs all of its settings. */
const ConfigSchema = EnvSchema.superRefine((env, context) => {
  // PGlite lives inside one process: only one server may open it.
  if (env.SENDA_SERVERS > 1 && !env.DATABASE_URL) context.addIssue({ code: 'custom', path: ['SENDA_SERVERS'], message: 'SENDA_SERVERS above 1 needs DATABASE_URL (PGlite serves one process)' });
  if (!env.SMTP_HOST) {
    for (const name of ['SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD'] as const) {
      if (env[name] !== undefined) context.addIssue({ code: 'custom', path: [name], message: `${name} needs SMTP_HOST` });
    }
  }
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASSWORD)) context.addIssue({ code: 'custom', path: [env.SMTP_USER ? 'SMTP_PASSWORD' : 'SMTP_USER'], message: 'SMTP_USER and SMTP_PASSWORD go together' });
  const wompi = ['WOMPI_PUBLIC_KEY', 'WOMPI_PRIVATE_KEY', 'WOMPI_EVENTS_SECRET', 'WOMPI_INTEGRITY_SECRET'] as const;
  if (wompi.some((name) => env[name])) {
    for (const name of wompi) if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required with the other WOMPI_ keys` });
  }
  const paypal = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;
  if (paypal.some((name) => env[name])) {
    for (const name of paypal) if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required with the other PAYPAL_ settings` });
  }
  if (Boolean(env.AI_BASE_URL) !== Boolean(env.AI_MODEL)) context.addIssue({ code: 'custom', path: [env.AI_BASE_URL ? 'AI_MODEL' : 'AI_BASE_URL'], message: 'AI_BASE_URL and AI_MODEL go together' });
  if (env.SENDA_STORAGE !== 's3') return;
  for (const name of S3_REQUIRED_VARIABLES) {
    if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required when SENDA_STORAGE=s3` });
  }
});

export type Config = z.infer<typeof EnvSchema>;

let cached: Config | null = null;

/** Parses an environment into a config, with a readable message per bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The process configuration, validated once. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Forgets the cached configuration (tests change the environment between cases). */
export function resetConfig(): void {
  cached = null;
}

/** Whether /signin lists the demo accounts (never in production unless asked). */
export function isDemoEnabled(config: Config = getConfig()): boolean {
  return config.SENDA_DEMO_ACCOUNTS ? config.SENDA_DEMO_ACCOUNTS === 'true' : config.NODE_ENV !== 'production';
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The bucket settings of a config with `SENDA_STORAGE=s3` (validation at start guarantees they are all there). */
export function requireS3Settings(config: Config = getConfig()): S3Settings {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) throw new Error(`${S3_REQUIRED_VARIABLES.join(', ')} are required when SENDA_STORAGE=s3`);
  return { endpoint, bucket, region, accessKeyId, secretAccessKey };
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

/** The SMTP server's settings, or null when e-mail goes to the development mailbox. */
export function smtpSettingsOf(config: Config = getConfig()): SmtpSettings | null {
  if (!config.SMTP_HOST) return null;
  return {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT ?? (config.SMTP_SECURE ? 465 : 587),
    secure: config.SMTP_SECURE,
    ...(config.SMTP_USER && config.SMTP_PASSWORD ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } } : {}),
  };
}

/** Where e-mail links point: SENDA_PUBLIC_URL, else this server's own address (development). */
export function publicUrlOf(config: Config = getConfig()): string {
  if (config.SENDA_PUBLIC_URL) return config.SENDA_PUBLIC_URL;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

/** The secret every token is derived from; the boot script guarantees it exists. */
export function requireAuthSecret(): string {
  const secret = process.env.AUTH_SECRET;
  if (!secret || secret.length < 32) throw new Error('AUTH_SECRET is not set (the start script creates one in development)');
  return secret;
}

/** Whether the built-in test payment provider is offered (PAYMENTS_SANDBOX; by default everywhere but production). */
export function isPaymentSandboxEnabled(config: Config = getConfig()): boolean {
  return config.PAYMENTS_SANDBOX ? config.PAYMENTS_SANDBOX === 'true' : config.NODE_ENV !== 'production';
}

export interface WompiSettings {
  publicKey: string;
  privateKey: string;
  eventsSecret: string;
  integritySecret: string;
  apiUrl: string;
  checkoutUrl: string;
}

/** Wompi's settings, or null when it is not configured. */
export function wompiSettingsOf(config: Config = getConfig()): WompiSettings | null {
  const { WOMPI_PUBLIC_KEY: publicKey, WOMPI_PRIVATE_KEY: privateKey, WOMPI_EVENTS_SECRET: eventsSecret, WOMPI_INTEGRITY_SECRET: integritySecret } = config;
  if (!publicKey || !privateKey || !eventsSecret || !integritySecret) return null;
  const apiUrl = config.WOMPI_API_URL ?? (publicKey.startsWith('pub_prod_') ? 'https://production.wompi.co/v1' : 'https://sandbox.wompi.co/v1');
  return { publicKey, privateKey, eventsSecret, integritySecret, apiUrl, checkoutUrl: config.WOMPI_CHECKOUT_URL };
}

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl: string;
}

/** PayPal's settings, or null when it is not configured. */
export function paypalSettingsOf(config: Config = getConfig()): PaypalSettings | null {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId } = config;
  if (!clientId || !clientSecret || !webhookId) return null;
  return { clientId, clientSecret, webhookId, apiUrl: config.PAYPAL_API_URL };
}

export interface AiSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** The OpenAI-compatible model's settings, or null when the assistant answers from the data alone. */
export function aiSettingsOf(config: Config = getConfig()): AiSettings | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null;
  return { baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? null, model: config.AI_MODEL, timeoutMs: config.AI_TIMEOUT_MS };
}
