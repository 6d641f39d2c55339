/**
 * What the service worker (src/service-worker/sw.ts) keeps for reading
 * without a connection, shared with the pages that read or clear it: the
 * cache of pages a person opened (network first, this copy only when the
 * network fails), and the offline page shown for any other page (ADR 032).
 */

/** The Cache Storage name of the pages a person opened; cleared whenever a session ends or someone signs in. */
export const OFFLINE_PAGES_CACHE = 'senda-pages-v1';

/**
 * The Cache Storage name of what a person downloaded to study offline ("Descargar para estudiar sin conexión"):
 * each item of an offline package (ADR 034) under its exact package URL, pages and API reads alike. Never evicted
 * by a count (unlike the pages cache); emptied when the person removes a download, signs out, or someone else signs
 * in (ADR 035). Other modules (the quiz player's offline start) read `/api/v2/quizzes/{id}/` from it by this name.
 */
export const DOWNLOADS_CACHE = 'senda-downloads-v1';

/** The localStorage key of the record of those downloads (lib/client/offline-downloads.ts), Senda's own beside the contract's §3 keys. */
export const DOWNLOADS_KEY = 'offlineDownloads';

/**
 * Sent with each page a download fetches: a download is not a visit, so the lesson page does not mark the lesson
 * opened (the student's progress and resume point stay where her reading left them).
 */
export const OFFLINE_DOWNLOAD_HEADER = 'x-senda-offline-download';

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

/** The package's files and reads that are not pages: public stored files and the quiz reader view. */
const DOWNLOADED_API_READ = /^\/api\/v2\/(?:files\/[^/]+|quizzes\/\d+\/)$/;
/** A lesson's attachment (a page route, fetched as an image or a file rather than navigated to). */
const LESSON_ATTACHMENT = /^\/lessons\/\d+\/attachments\/\d+$/;

/**
 * Whether a same-origin GET that is not a navigation may be answered from the downloads when the network fails:
 * the shapes of the offline package's non-page items (ADR 034). The rest of the API stays untouched by the worker.
 */
export function isDownloadableRead(path: string): boolean {
  return DOWNLOADED_API_READ.test(path) || LESSON_ATTACHMENT.test(path);
}
