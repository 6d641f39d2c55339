/**
 * Fetches one item of an offline package (ADR 034) as it will be kept in the
 * downloads cache (ADR 035): a page or a file with the session cookie, as the
 * browser would open it; an API read with the access token, through the
 * request helper (which refreshes it), kept as the JSON it answered.
 */
import { OFFLINE_DOWNLOAD_HEADER } from '~/lib/shared/offline-pages';
import type { OfflineItem } from '~/lib/shared/schemas/offline-package';
import { getApi } from './app-client';
import { DownloadItemError } from './offline-downloads';

/** Public stored files need no token: fetched like an image the lesson shows. */
const isTokenRead = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/v2/files/');

export async function fetchOfflineItem(item: OfflineItem, signal: AbortSignal): Promise<Response> {
  if (isTokenRead(item.url)) {
    const data = await getApi().get(item.url, { signal });
    return new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json; charset=utf-8' } });
  }
  // `no-cache`: the server's current copy, never one the HTTP cache held; a redirect (to sign in) is not the page.
  // The header says it is a download, not a visit (a lesson is not marked opened).
  const response = await fetch(item.url, { credentials: 'same-origin', cache: 'no-cache', redirect: 'follow', signal, headers: { [OFFLINE_DOWNLOAD_HEADER]: '1' } });
  if (response.status !== 200 || response.redirected) throw new DownloadItemError(item.url);
  return response;
}
