/**
 * Cross-site request forgery, checked for every state-changing request of
 * every route, whatever its content type (Astro's own check covered form
 * types only, and refused bearer-token clients that send no Origin).
 *
 * - A request authenticated by a bearer (or `token`) header cannot be a
 *   cross-site form post: browsers add no such header across sites, and the
 *   API grants no CORS. It passes.
 * - Any other request that names an Origin must come from this site.
 * - Without an Origin, a request that carries cookies did not come from a
 *   browser page of ours (browsers send Origin on every non-GET request), so
 *   it is refused too; a cookie-less script (signing in) passes.
 */
import { AppError } from '~/lib/shared/errors';
import { readAccessToken } from './caller';
import { trustedForwardedValue } from './forwarded-headers';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host this request was sent to: Host, or X-Forwarded-Host as our proxies (`proxyHops` of them) wrote it. */
function requestHost(request: Request, proxyHops: number): string {
  const forwarded = trustedForwardedValue(request.headers.get('x-forwarded-host'), proxyHops);
  return (forwarded || request.headers.get('host') || new URL(request.url).host).toLowerCase();
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether a request may change state: safe methods, bearer-token calls and same-site requests may. */
export function isSameSiteOrTokenRequest(request: Request, proxyHops: number): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  if (readAccessToken(request)) return true;
  const origin = request.headers.get('origin');
  if (origin) return hostOf(origin) === requestHost(request, proxyHops);
  return !request.headers.get('cookie');
}

/** Throws 403 `cross_site_request` unless isSameSiteOrTokenRequest. */
export function requireSameSiteOrToken(request: Request, proxyHops: number): void {
  if (!isSameSiteOrTokenRequest(request, proxyHops)) throw new AppError('cross_site_request');
}
