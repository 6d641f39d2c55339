// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import auth from 'auth-astro';
import { bootBundle } from './build/boot-bundle.mjs';
import { frameworkPatches } from './build/framework-patches.mjs';
import { precompress } from './build/precompress.mjs';
import { serviceWorker } from './build/service-worker.mjs';
import { reactIslands } from './build/react-renderer.mjs';
import { workerChunks } from './build/worker-chunks.mjs';
import { inlineScripts } from './build/inline-scripts.mjs';

export default defineConfig({
  output: 'server',
  // scripts/start.ts owns the HTTP server: it serves the static files itself (sirv, precompressed copies) and
  // passes everything else to the adapter's middleware handler. A page is rendered whole and written at once
  // (no streaming): one write per response instead of one per chunk (ADR 004).
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands render to one string (renderToString) with their useId prefix, not a stream read back: @astrojs/react with
  // Senda's server renderer (build/react-renderer.mjs), the same in the build, `astro dev` and the page tests.
  // The service worker is written before the precompression, which then compresses it too.
  integrations: [reactIslands(), auth({ injectEndpoints: false }), serviceWorker(), precompress(), bootBundle()],
  trailingSlash: 'ignore',
  // Pages link their stylesheet (cached for a year); a browser's first page gets it inline instead
  // (src/lib/server/http/first-visit-styles.ts): no render-blocking request on a first visit, small pages after.
  build: { inlineStylesheets: 'never' },
  security: {
    // src/middleware.ts checks the origin of every state-changing request
    // (any content type; bearer-token clients exempt): see http/cross-site.ts.
    checkOrigin: false,
    csp: {
      // Astro hashes its own scripts; style-src stays open to inline because
      // react-hot-toast injects its styles at run time (no script hole).
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        // Lesson videos: YouTube (privacy-enhanced) and Vimeo players, mp4 files over https.
        "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
        "media-src 'self' https:",
        // The service worker and the web app manifest: this origin's own (ADR 032).
        "worker-src 'self'",
        "manifest-src 'self'",
      ],
    },
  },
  vite: {
    // Memos over Astro's per-request work (ADR 018): one list, versions pinned (build/framework-patches.mjs).
    plugins: [workerChunks(), inlineScripts(), ...frameworkPatches()],
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['@node-rs/argon2', '@electric-sql/pglite', 'pg', 'pino'] },
  },
  markdown: { syntaxHighlight: false },
  server: { port: 4321 },
});
