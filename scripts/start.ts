/**
 * `npm start`: validates the configuration, makes sure there is a secret,
 * builds the app when needed, then supervises the app server (SENDA_SERVERS
 * processes, default one; a new one whenever one dies). The first server
 * migrates the database (PGlite under ./data, or PostgreSQL with
 * DATABASE_URL) and seeds demo data the first time.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { getT, resolveLanguage } from '~/i18n';
import { buildApp, needsBuild } from '~/lib/server/boot/build';
import { ensureAuthSecret } from '~/lib/server/boot/secret';
import { superviseServers } from '~/lib/server/boot/supervise';
import { getConfig, isDemoEnabled, isPaymentSandboxEnabled, paypalSettingsOf, publicUrlOf, smtpSettingsOf, wompiSettingsOf } from '~/lib/server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '~/lib/server/services/people/demo-accounts';
import { log } from '~/lib/server/log';

const root = resolve(import.meta.dirname, '..');
/** V8's semi-space cap for the app servers, in MB. */
const YOUNG_GENERATION_MB = 16;
/** glibc malloc settings for the app servers (read when a process starts, so set before they are forked). */
const SERVER_MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };
const t = getT(resolveLanguage(process.env.SENDA_LANG ?? process.env.LANG));

/** Node's flags without tsx's loader (`--require …/tsx/…`, `--import tsx`, `--import=…tsx…`). */
function withoutTsx(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const arg = execArgv[index]!;
    const next = execArgv[index + 1];
    if (/^--(require|import|loader)$/.test(arg) && next !== undefined && /tsx/.test(next)) index++;
    else if (!/tsx/.test(arg)) kept.push(arg);
  }
  return kept;
}

/** The supervising process: everything that happens once, then the servers. */
async function prepareAndSupervise(): Promise<void> {
  const config = getConfig();
  const dataDir = resolve(config.SENDA_DATA_DIR);
  if (config.NODE_ENV === 'production' && !process.env.AUTH_SECRET) {
    console.error(t('server.missingSecret'));
    process.exit(1);
  }
  // On PostgreSQL the servers keep the development secret in the database (serve-app.ts).
  if (!config.DATABASE_URL) {
    const { created } = ensureAuthSecret(process.env, dataDir);
    if (created) console.log(t('server.secretCreated', { path: created }));
  }

  if (process.env.SENDA_SKIP_BUILD !== 'true' && needsBuild(root)) {
    console.log(t('server.building'));
    buildApp(root);
  }

  // The server processes inherit the environment: the app's mode (demo
  // accounts, demo data, a development secret) is settled here, and the built
  // server always runs libraries' production builds (React's dev build is 3x slower).
  process.env.SENDA_DEMO_ACCOUNTS ??= String(isDemoEnabled(config));
  process.env.PAYMENTS_SANDBOX ??= String(isPaymentSandboxEnabled(config));
  process.env.SENDA_DEVELOPMENT = String(config.NODE_ENV !== 'production');
  process.env.NODE_ENV = 'production';

  // The server processes run the bundle the build made (dist/boot), on plain Node: no TypeScript loader in
  // front of every import Astro makes per request. Node's own flags (--cpu-prof, heap limits) pass on.
  const bundled = resolve(root, 'dist', 'boot', 'serve-worker.mjs');
  // Each server's heap is bounded (see SENDA_SERVER_HEAP_MB), so garbage is collected rather than kept. The young
  // generation is capped at 16 MB: on a machine with much memory V8 lets it grow to 64 MB, ~100 MB more RSS for
  // no gain in CPU per request (docs/benchmarks.md, memory).
  // `--expose-gc`: a large streamed answer asks for a young-generation collection every few megabytes, so the chunks
  // it has sent are freed as it goes (src/lib/server/http/spent-chunks.ts).
  const heapFlags = [`--max-old-space-size=${config.SENDA_SERVER_HEAP_MB}`, `--max-semi-space-size=${YOUNG_GENERATION_MB}`, '--expose-gc'];
  // Outside the JavaScript heap, glibc's allocator keeps what it has once had: an arena per thread (the thread pool
  // hashes passwords and compresses), and large blocks kept for reuse. Two arenas and large blocks given back at once
  // cost no CPU per request and ~90 MB less memory after a load (ADR 015). An operator's own settings win.
  for (const [name, value] of Object.entries(SERVER_MALLOC_SETTINGS)) process.env[name] ??= value;
  if (existsSync(bundled)) cluster.setupPrimary({ exec: bundled, execArgv: [...withoutTsx(process.execArgv), ...heapFlags] });
  else cluster.setupPrimary({ execArgv: [...process.execArgv, ...heapFlags] });

  superviseServers({
    count: config.SENDA_SERVERS,
    onFirstListening: ({ port, database }) => {
      const url = `http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST}:${port}`;
      console.log(t('server.listening', { url }));
      console.log(t('server.database', { kind: database.kind, where: database.where }));
      console.log(t('server.signinAt', { url: `${url}/signin` }));
      const smtp = smtpSettingsOf(config);
      if (smtp) console.log(t('server.mailSmtp', { host: smtp.host, port: smtp.port }));
      else console.log(t(config.NODE_ENV === 'production' ? 'server.mailMailboxProduction' : 'server.mailMailbox', { url: `${url}/admin/mailbox` }));
      if (config.NODE_ENV === 'production' && !config.SENDA_PUBLIC_URL) console.log(t('server.publicUrlMissing', { url: publicUrlOf(config) }));
      const providers = [wompiSettingsOf(config) && 'Wompi', paypalSettingsOf(config) && 'PayPal', isPaymentSandboxEnabled(config) && t('server.paymentsSandbox')].filter(Boolean).join(', ');
      console.log(t('server.offersAt', { url: `${url}/offers`, providers: providers || t('server.paymentsNone') }));
      if (isDemoEnabled(config)) {
        console.log(t('server.demoAccounts', { password: DEMO_PASSWORD }));
        for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(22)} ${account.userType}`);
      }
    },
  });
}

/** A server process without the bundle (it runs the sources through tsx): loaded only there, so the supervisor stays small. */
async function serve(): Promise<void> {
  const { serveApp } = await import('~/lib/server/boot/serve-app');
  await serveApp(root, { isDevelopment: process.env.SENDA_DEVELOPMENT === 'true' });
}

const run = cluster.isPrimary ? prepareAndSupervise() : serve();
run.catch((error: unknown) => {
  log.fatal({ err: error }, 'Senda could not start');
  console.error(error);
  process.exit(1);
});
