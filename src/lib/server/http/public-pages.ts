/**
 * The pages anyone may open without signing in. Every other page needs a
 * session: the middleware sends a signed-out visitor to
 * /signin?error=SessionRequired (contract §8) before the page runs, so a
 * page added tomorrow is closed until someone adds it here on purpose.
 * API routes answer for themselves (401 in the error shape).
 */

/** Pages opened exactly at these paths. */
const PUBLIC_PATHS = new Set(['/', '/signin', '/error', '/404', '/forgot-password', '/set-password', '/offers', '/offline']);

/** Pages under these folders: the offers and their sign-up, the legal texts, the calendar feeds (their secret URL is the credential), and a certificate's public verification. */
const PUBLIC_FOLDERS = ['/offers/', '/legal/', '/calendar/', '/verify/'];

/** Whether a page path (no query) may be opened without a session. */
export function isPublicPage(path: string): boolean {
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return PUBLIC_PATHS.has(normalized) || PUBLIC_FOLDERS.some((folder) => normalized.startsWith(folder));
}

/** JSON documents published at well-known paths, answered like the API (the certificates' public keys). */
const WELL_KNOWN_API_PATHS = new Set(['/.well-known/certificates-key.json']);

/** Whether a path is the API's (JSON answers, token or cookie credentials): the contract's legacy routes at the root and the well-known documents included. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api') || path.startsWith('/training_path/') || WELL_KNOWN_API_PATHS.has(path);
}
