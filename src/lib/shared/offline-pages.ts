/**
 * What the service worker (src/service-worker/sw.ts) keeps for reading
 * without a connection, shared with the pages that read or clear it: the
 * cache of pages a person opened (network first, this copy only when the
 * network fails), and the offline page shown for any other page (ADR 032).
 */

/** The Cache Storage name of the pages a person opened; cleared whenever a session ends or someone signs in. */
export const OFFLINE_PAGES_CACHE = 'senda-pages-v1';

/** The page shown, from the precache, for a page that cannot be reached and was never kept. */
export const OFFLINE_PAGE_PATH = '/offline';

/** At most this many pages are kept (the oldest go first): a phone's storage is small. */
export const OFFLINE_PAGES_MAX_ENTRIES = 60;

/**
 * Pages never kept: signing in and out, one-time links (password setting carries a token), payments (their state
 * lives at the provider), the calendar feeds (their URL is a credential) and the offline page itself.
 */
const NEVER_KEPT = ['/signin', '/error', '/forgot-password', '/set-password', '/payments', '/calendar', '/verify', OFFLINE_PAGE_PATH];

/** Whether a path is the API's (as lib/server/http/public-pages.ts says): the service worker never touches those. */
export function isApiAddress(path: string): boolean {
  return path.startsWith('/api') || path.startsWith('/training_path/') || path.startsWith('/.well-known/');
}

/** Whether a page at `path` (no query) may be kept for reading offline; API paths never are. */
export function isPageKeptOffline(path: string): boolean {
  if (isApiAddress(path)) return false;
  return !NEVER_KEPT.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
