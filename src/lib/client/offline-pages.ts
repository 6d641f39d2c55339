/**
 * The pages this browser keeps for reading offline belong to the person who
 * opened them: they are forgotten whenever a session ends (sign-out,
 * maintenance, a failed refresh, remove-session) and when the sign-in page
 * opens, so someone else signing in on the same phone never reads them (ADR 032). What a person downloaded
 * goes when their session ends for good, not when only their token expired (ADR 035).
 */
import { DOWNLOADS_CACHE, DOWNLOADS_KEY, OFFLINE_PAGES_CACHE } from '~/lib/shared/offline-pages';
import type { KeyValueStorage } from './storage';

/** Deletes the offline copy of the pages opened so far; never fails (no Cache Storage outside a secure context). */
export async function forgetOfflinePages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_PAGES_CACHE).catch(() => false);
}

/**
 * Forgets what was downloaded to study offline (ADR 035): its record and its cache. Here, beside the pages, because
 * every page's session flows call it (a sign-out); the downloading itself lives in offline-downloads.ts. Never fails.
 */
export async function forgetDownloads(storage: KeyValueStorage): Promise<void> {
  try {
    storage.removeItem(DOWNLOADS_KEY);
  } catch {
    // Storage refused: the cache still goes, and a record without it serves nothing.
  }
  if (typeof caches === 'undefined') return;
  await caches.delete(DOWNLOADS_CACHE).catch(() => false);
}
