// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import auth from 'auth-astro';
import { precompress } from './build/precompress.mjs';
import { workerChunks } from './build/worker-chunks.mjs';

export default defineConfig({
  output: 'server',
  // scripts/start.ts owns the HTTP server and imports the adapter's handler.
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), auth({ injectEndpoints: false }), precompress()],
  trailingSlash: 'ignore',
  // One stylesheet inlined in each page: no render-blocking request before the first paint on a slow phone network.
  build: { inlineStylesheets: 'always' },
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
      ],
    },
  },
  vite: {
    plugins: [workerChunks()],
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['@node-rs/argon2', '@electric-sql/pglite', 'pg', 'pino'] },
  },
  markdown: { syntaxHighlight: false },
  server: { port: 4321 },
});
