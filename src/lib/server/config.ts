/**
 * The process configuration: every environment variable, validated once at
 * start with a readable message per bad one. Each domain declares its own
 * variables next to its services (services/<domain>/config.ts, storage/config.ts),
 * with the checks across them; this index keeps the server's own and collects
 * the rest, in the order they are reported. A new domain adds a line for its
 * variables (and one for its checks).
 */
import { z } from 'zod';
import { AssignmentConfigSchema } from './services/assignments/config';
import { AuthConfigSchema } from './services/auth/config';
import { CrmConfigSchema } from './services/crm/config';
import { checkJarvisConfig, JarvisConfigSchema } from './services/jarvis/config';
import { checkMailConfig, MailConfigSchema } from './services/mail/config';
import { checkPaymentConfig, PaymentConfigSchema } from './services/payments/config';
import { PeopleConfigSchema } from './services/people/config';
import { RegistrationConfigSchema } from './services/registrations/config';
import { ReportConfigSchema } from './services/reports/config';
import { checkStorageConfig, S3_REQUIRED_VARIABLES, StorageConfigSchema } from './storage/config';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  SENDA_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://').optional(),
  ...AuthConfigSchema.shape,
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
  ...StorageConfigSchema.shape,
  /** The address people open Senda at: the links in e-mails point there (never at the Host of a request, which anyone can forge). */
  SENDA_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'SENDA_PUBLIC_URL must be an http(s) URL such as https://senda.example.co' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  ...MailConfigSchema.shape,
  ...PeopleConfigSchema.shape,
  ...AssignmentConfigSchema.shape,
  ...ReportConfigSchema.shape,
  ...RegistrationConfigSchema.shape,
  ...PaymentConfigSchema.shape,
  ...JarvisConfigSchema.shape,
  ...CrmConfigSchema.shape,
});

/** The variables that only matter together: the servers' here, each domain's in its own check. */
const ConfigSchema = EnvSchema.superRefine((env, context) => {
  // PGlite lives inside one process: only one server may open it.
  if (env.SENDA_SERVERS > 1 && !env.DATABASE_URL) context.addIssue({ code: 'custom', path: ['SENDA_SERVERS'], message: 'SENDA_SERVERS above 1 needs DATABASE_URL (PGlite serves one process)' });
  checkMailConfig(env, context);
  checkPaymentConfig(env, context);
  checkJarvisConfig(env, context);
  checkStorageConfig(env, context);
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
