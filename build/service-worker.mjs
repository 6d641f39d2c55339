/**
 * The service worker (ADR 032): after the client build, lists what to
 * precache with Serwist's build tool (the fingerprinted scripts and styles,
 * the icons and manifest, the banners, the offline page) and bundles
 * src/service-worker/sw.ts with that list into dist/client/sw.js. Runs before
 * build/precompress.mjs, so the worker is compressed like every script.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getManifest } from '@serwist/build';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The offline page is rendered by the server; its revision changes with what it is made of. */
const OFFLINE_PAGE_SOURCES = ['src/pages/offline.astro', 'src/lib/client/offline-page.ts', 'src/layouts/CardLayout.astro', 'src/layouts/BaseLayout.astro'];

/** A revision for the offline page: its sources, the dictionaries, and the build's stylesheets and scripts it links. */
async function offlinePageRevision(entries) {
  const hash = createHash('sha256');
  for (const source of OFFLINE_PAGE_SOURCES) hash.update(await readFile(join(ROOT, source)));
  for (const folder of ['src/i18n/locales/es', 'src/i18n/locales/en']) {
    for (const name of (await readdir(join(ROOT, folder))).sort()) hash.update(await readFile(join(ROOT, folder, name)));
  }
  hash.update(entries.map((entry) => `${entry.url} ${entry.revision}`).join('\n'));
  return hash.digest('hex').slice(0, 16);
}

/** @returns {import('astro').AstroIntegration} */
export function serviceWorker() {
  return {
    name: 'senda-service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const { manifestEntries, size, warnings } = await getManifest({
          globDirectory: client,
          // Templates (spreadsheets to download) are fetched when asked for; everything else of the shell is kept.
          globPatterns: ['_astro/*.{js,css}', 'icons/*.png', 'banners/*.svg', 'favicon.svg', 'manifest.webmanifest'],
          // The charting library (60 KB compressed) draws only the staff's dashboard: kept when first used instead.
          globIgnores: ['_astro/chart.*.js'],
          // Fingerprinted files need no revision of their own: a new content is a new name.
          dontCacheBustURLsMatching: /^\/?_astro\//,
          modifyURLPrefix: { '': '/' },
        });
        for (const warning of warnings) logger.warn(warning);
        const entries = [...manifestEntries, { url: '/offline', revision: await offlinePageRevision(manifestEntries) }];
        await build({
          absWorkingDir: ROOT,
          entryPoints: ['src/service-worker/sw.ts'],
          outfile: join(client, 'sw.js'),
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          platform: 'browser',
          tsconfig: 'tsconfig.json',
          define: { __SENDA_PRECACHE__: JSON.stringify(entries), 'process.env.NODE_ENV': '"production"' },
          logLevel: 'warning',
        });
        logger.info(`service worker written (dist/client/sw.js): ${entries.length} files precached, ${Math.round(size / 1024)} KB before compression`);
      },
    },
  };
}
