/**
 * The app server process's entry, bundled at build time into
 * dist/boot/serve-worker.mjs (build/boot-bundle.mjs) so the server runs on
 * plain Node: no TypeScript loader sits in front of the dynamic imports Astro
 * makes on every request (a page's module is imported per request; through
 * tsx's resolve hooks that cost ~6 % of a page's CPU under load).
 */
import { resolve } from 'node:path';
import { log } from '~/lib/server/log';
import { serveApp } from './serve-app';

// dist/boot/serve-worker.mjs → the project root.
const root = resolve(import.meta.dirname, '..', '..');

serveApp(root, { isDevelopment: process.env.SENDA_DEVELOPMENT === 'true' }).catch((error: unknown) => {
  log.fatal({ err: error }, 'Senda could not start');
  console.error(error);
  process.exit(1);
});
