import type { IncomingMessage, ServerResponse } from 'node:http';
import { trustedForwardedValue } from './forwarded-headers';

/**
 * Headers every response carries, static files included. Script and style
 * sources are set per page by Astro's CSP <meta> (hashes of its own scripts);
 * what a <meta> cannot say (frame-ancestors) is said here.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const ONE_YEAR_S = 31_536_000;

/** Sets the security headers before the app writes its own. */
export function applySecurityHeaders(request: IncomingMessage, response: ServerResponse, proxyHops: number): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
  const proto = request.headers['x-forwarded-proto'];
  const https = trustedForwardedValue(Array.isArray(proto) ? proto.join(',') : proto, proxyHops) === 'https';
  if (https) response.setHeader('Strict-Transport-Security', `max-age=${ONE_YEAR_S}; includeSubDomains`);
}
