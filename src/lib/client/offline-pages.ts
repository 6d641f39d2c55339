/**
 * The pages this browser keeps for reading offline belong to the person who
 * opened them: they are forgotten whenever a session ends (sign-out,
 * maintenance, a failed refresh, remove-session) and when the sign-in page
 * opens, so someone else signing in on the same phone never reads them (ADR 032).
 */
import { OFFLINE_PAGES_CACHE } from '~/lib/shared/offline-pages';

/** Deletes the offline copy of the pages opened so far; never fails (no Cache Storage outside a secure context). */
export async function forgetOfflinePages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_PAGES_CACHE).catch(() => false);
}
