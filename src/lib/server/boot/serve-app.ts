/**
 * One app server process (a cluster worker of `npm start`, see supervise.ts):
 * opens and migrates the database (in development: a development secret on
 * PostgreSQL, demo data in an empty database), starts the job engine (and its
 * workers, unless SENDA_JOB_WORKERS=false), opens the CLI's control socket on
 * PGlite, and serves the built app on the shared port until told to stop or
 * until its supervisor is gone.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getT, resolveLanguage } from '~/i18n';
import { getConfig } from '~/lib/server/config';
import { closeDatabase, openDatabase, setDatabase } from '~/lib/server/db/client';
import { migrateDatabase } from '~/lib/server/db/migrate';
import { refreshEmbeddedStatistics } from '~/lib/server/db/refresh-statistics';
import { isDatabaseEmpty, seedDemoData } from '~/lib/server/services/demo-data';
import { runWithResponse } from '~/lib/server/http/response-pacing';
import { applySecurityHeaders } from '~/lib/server/http/security-headers';
import { startJobEngine } from '~/lib/server/jobs/job-engine';
import { JOB_QUEUES } from '~/lib/server/services/job-queues';
import { sweepMail } from '~/lib/server/services/mail/queue-mail';
import { sweepCrmDeliveries } from '~/lib/server/services/crm/crm-deliveries';
import { startControlSocket } from '~/lib/server/ops/control-socket';
import { compressPages, mayBeStaticFile, staticFiles } from './compression';
import { keepMemoryReducerWorking } from './idle-memory';
import { ensureSharedAuthSecret } from './secret';
import { announceReady } from './supervise';

type AppHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** Whether the request's path decodes (a malformed escape like `/%E0%A4%A` is a 400, as Astro's standalone server answers). */
function hasDecodablePath(request: IncomingMessage): boolean {
  try {
    decodeURI(request.url ?? '/');
    return true;
  } catch {
    return false;
  }
}

/** Serves `root`'s build (dist/server/entry.mjs) on the configured host and port. */
export async function serveApp(root: string, options: { isDevelopment: boolean }): Promise<void> {
  const config = getConfig();
  const dataDir = resolve(config.SENDA_DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: resolve(dataDir, 'pglite') });
  setDatabase(database);
  await migrateDatabase(database);
  if (database.kind === 'postgres' && (await ensureSharedAuthSecret(process.env, database.db, options.isDevelopment))) {
    console.log(getT(resolveLanguage(process.env.SENDA_LANG ?? process.env.LANG))('server.secretCreatedInDatabase'));
  }
  if (options.isDevelopment && (await isDatabaseEmpty(database.db))) await seedDemoData(database.db);
  // PGlite keeps no statistics of its own: plan with what the tables hold now (ADR 033).
  await refreshEmbeddedStatistics(database);
  const jobs = await startJobEngine(database, { runWorkers: config.SENDA_JOB_WORKERS, queues: JOB_QUEUES });
  // E-mail and CRM deliveries queued while no job engine ran (the demo seed, the operator CLI) go out now.
  await sweepMail(new Date(), 0);
  await sweepCrmDeliveries(new Date(), 0);
  const control = database.kind === 'pglite' ? startControlSocket(dataDir) : null;
  // After a rush, an idle server gives back what the rush took (idle-memory.ts).
  const stopMemoryNudges = keepMemoryReducerWorking();

  // This process owns the HTTP server: static files from the client build, everything else to the adapter's
  // middleware handler (pages, API, auth), which looks nothing up on disk.
  // Pages read the client build's stylesheets from here (http/first-visit-styles.ts).
  process.env.SENDA_CLIENT_DIR = resolve(root, 'dist/client');
  const entry = (await import(pathToFileURL(resolve(root, 'dist/server/entry.mjs')).href)) as { handler: AppHandler };
  const serveStatic = staticFiles(resolve(root, 'dist/client'));
  const server = createServer((request, response) => {
    applySecurityHeaders(request, response, config.TRUST_PROXY);
    if (!hasDecodablePath(request)) {
      response.writeHead(400).end('Bad request.');
      return;
    }
    const renderPage = () => runWithResponse(response, () => entry.handler(request, response));
    compressPages(request, response, () => (mayBeStaticFile(request.url) ? serveStatic(request, response, renderPage) : renderPage()));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address();
  announceReady({ port: typeof address === 'object' && address ? address.port : config.PORT, database: { kind: database.kind, where: database.location } });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    control?.close();
    stopMemoryNudges();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await jobs.stop();
    await closeDatabase();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The supervisor is gone (killed): stop rather than serve unsupervised.
  process.on('disconnect', stop);
}
