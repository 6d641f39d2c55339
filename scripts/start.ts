/**
 * `npm start`: validates the configuration, makes sure there is a secret,
 * builds the app when needed, migrates the database (PGlite under ./data, or
 * PostgreSQL with DATABASE_URL), seeds demo data the first time, and serves.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getT, resolveLanguage } from '../src/i18n';
import { buildApp, needsBuild } from '../src/lib/server/boot/build';
import { ensureAuthSecret, MissingSecretError } from '../src/lib/server/boot/secret';
import { getConfig, isDemoEnabled } from '../src/lib/server/config';
import { closeDatabase, openDatabase, setDatabase } from '../src/lib/server/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/lib/server/db/demo-accounts';
import { migrateDatabase } from '../src/lib/server/db/migrate';
import { isDatabaseEmpty, seedDemoData } from '../src/lib/server/db/seed';
import { applySecurityHeaders } from '../src/lib/server/http/security-headers';
import { log } from '../src/lib/server/log';
import { startControlSocket } from '../src/lib/server/ops/control-socket';

const root = resolve(import.meta.dirname, '..');
const t = getT(resolveLanguage(process.env.SENDA_LANG ?? process.env.LANG));

async function main(): Promise<void> {
  const config = getConfig();
  const dataDir = resolve(config.SENDA_DATA_DIR);
  try {
    const { created } = ensureAuthSecret(process.env, dataDir);
    if (created) console.log(t('server.secretCreated', { path: created }));
  } catch (error) {
    if (error instanceof MissingSecretError) {
      console.error(t('server.missingSecret'));
      process.exit(1);
    }
    throw error;
  }

  if (process.env.SENDA_SKIP_BUILD !== 'true' && needsBuild(root)) {
    console.log(t('server.building'));
    buildApp(root);
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: resolve(dataDir, 'pglite') });
  setDatabase(database);
  await migrateDatabase(database);
  const seeded = config.NODE_ENV !== 'production' && (await isDatabaseEmpty(database.db));
  if (seeded) await seedDemoData(database.db);
  const control = database.kind === 'pglite' ? startControlSocket(dataDir) : null;

  // The app's mode (secret, demo data) is settled above; the built server
  // always runs libraries' production builds (React's dev build is 3x slower).
  process.env.SENDA_DEMO_ACCOUNTS ??= String(isDemoEnabled(config));
  process.env.NODE_ENV = 'production';
  // The adapter's handler serves static files and pages; this process owns the HTTP server.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = (await import(pathToFileURL(resolve(root, 'dist/server/entry.mjs')).href)) as {
    handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  };
  const server = createServer((request, response) => {
    applySecurityHeaders(request, response, config.TRUST_PROXY);
    entry.handler(request, response);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done) => server.listen(config.PORT, config.HOST, done));

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST}:${port}`;
  console.log(t('server.listening', { url }));
  console.log(t('server.database', { kind: database.kind, where: database.location }));
  console.log(t('server.signinAt', { url: `${url}/signin` }));
  if (isDemoEnabled(config)) {
    console.log(t('server.demoAccounts', { password: DEMO_PASSWORD }));
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(22)} ${account.userType}`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    control?.close();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await closeDatabase();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'Senda could not start');
  console.error(error);
  process.exit(1);
});
