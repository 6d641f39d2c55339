import { LANGUAGE_COOKIE, type Language } from '~/lib/shared/constants';
import { languageFromAcceptHeader, resolveLanguage } from '~/i18n/options';
import { getConfig } from '~/lib/server/config';
import { trustedForwardedValue } from './forwarded-headers';

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  // Every page reads the session cookie (kilobytes): find the one asked for without splitting the others.
  let from = 0;
  while (from < header.length) {
    const end = header.indexOf(';', from);
    const part = header.slice(from, end === -1 ? header.length : end).trim();
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals) === name) {
      const raw = part.slice(equals + 1);
      try {
        return raw.includes('%') ? decodeURIComponent(raw) : raw;
      } catch {
        return raw;
      }
    }
    if (end === -1) break;
    from = end + 1;
  }
  return null;
}

/** The caller's language: the app's own choice (cookie), then Accept-Language, then Spanish. */
export function languageOf(request: Request): Language {
  const chosen = readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE);
  if (chosen) return resolveLanguage(chosen);
  return languageFromAcceptHeader(request.headers.get('accept-language')) ?? resolveLanguage(null);
}

/** The socket's address of a page's request; Astro throws where there is no socket (a page rendered by the container API), which answers undefined. */
export function socketAddressOf(context: { readonly clientAddress: string }): string | undefined {
  try {
    return context.clientAddress || undefined;
  } catch {
    return undefined;
  }
}

/** The client's address: the socket's, or behind TRUST_PROXY proxies the X-Forwarded-For entry the outermost of them wrote (never one the client wrote). */
export function clientAddressOf(request: Request, socketAddress: string | undefined): string {
  return trustedForwardedValue(request.headers.get('x-forwarded-for'), getConfig().TRUST_PROXY) ?? socketAddress ?? 'unknown';
}
