/**
 * Senda's service worker (ADR 032), bundled by build/service-worker.mjs into
 * dist/client/sw.js with the build's precache list. It keeps:
 * - the app shell: the fingerprinted scripts and stylesheets, the icons, the
 *   manifest and the offline page, precached when it installs (Serwist); the
 *   few scripts left out (the staff's charts) kept once used;
 * - the pages a person opened: network first, this copy only when the network
 *   fails; cleared when a session ends or someone signs in (lib/client/offline-pages.ts);
 * - what the person downloaded to study offline (ADR 035): a page, a file or
 *   a quiz read the network cannot bring comes from the downloads, when it is
 *   there, before the offline page; online, nothing changes (network first);
 * - for any other page the network cannot bring, the offline page.
 * The rest of the API is never touched: no route matches it, so its requests
 * (and every POST) go to the network as if there were no service worker, and
 * the islands' own offline queues keep working as they did.
 */
import {
  CacheableResponsePlugin,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  PrecacheFallbackPlugin,
  Serwist,
  type PrecacheEntry,
  type SerwistPlugin,
} from 'serwist';
import {
  DOWNLOADS_CACHE,
  isApiAddress,
  isDownloadableRead,
  isPageKeptOffline,
  OFFLINE_PAGE_PATH,
  OFFLINE_PAGES_CACHE,
  OFFLINE_PAGES_MAX_ENTRIES,
} from '~/lib/shared/offline-pages';

/** The build's precache list, written in by build/service-worker.mjs. */
declare const __SENDA_PRECACHE__: PrecacheEntry[];

/** A page of Senda's (a download from the API, opened as a navigation, is left to the browser). */
const isSameOriginPage = (request: Request, url: URL) => request.mode === 'navigate' && url.origin === location.origin && !isApiAddress(url.pathname);

/** When the network (and, for pages, the pages cache) cannot answer: the downloaded copy, kept under its exact URL. */
const downloadsFallback: SerwistPlugin = {
  handlerDidError: async ({ request }) => (await caches.match(request.url, { cacheName: DOWNLOADS_CACHE, ignoreVary: true })) ?? undefined,
};

/** Kept pages: network first, then the pages cache, then the downloads; the offline page is added below, last. */
const keptPages = new NetworkFirst({
  cacheName: OFFLINE_PAGES_CACHE,
  plugins: [
    // Only a page as the server wrote it: never a redirect (to sign in) nor an error page.
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: OFFLINE_PAGES_MAX_ENTRIES }),
    downloadsFallback,
  ],
});

const serwist = new Serwist({
  precacheEntries: __SENDA_PRECACHE__,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 4 },
  // A new build's worker takes over at once: its precache holds the scripts the new pages ask for.
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url }) => isSameOriginPage(request, url) && isPageKeptOffline(url.pathname),
      handler: keptPages,
    },
    { matcher: ({ request, url }) => isSameOriginPage(request, url), handler: new NetworkOnly() },
    {
      // A downloaded file or quiz read (an image in a lesson, the quiz player's read): the network, else the download.
      matcher: ({ request, url }) => request.mode !== 'navigate' && url.origin === location.origin && isDownloadableRead(url.pathname),
      handler: new NetworkOnly({ plugins: [downloadsFallback] }),
    },
    {
      // A fingerprinted file left out of the precache (the staff's charts): kept once used; its name never changes content.
      matcher: ({ url }) => url.origin === location.origin && url.pathname.startsWith('/_astro/'),
      handler: new CacheFirst({ cacheName: 'senda-assets-v1', plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40 })] }),
    },
  ],
  // A page neither the network nor the cache can give: the offline page, never the browser's error page.
  fallbacks: { entries: [{ url: OFFLINE_PAGE_PATH, matcher: ({ request }) => request.mode === 'navigate' }] },
});

// Serwist adds the offline page only to handlers without a fallback of their own: after the downloads, for kept pages.
keptPages.plugins.push(new PrecacheFallbackPlugin({ fallbackUrls: [OFFLINE_PAGE_PATH], serwist }));

serwist.addEventListeners();
