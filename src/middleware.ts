import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { getT } from './i18n';
import { getPageSession } from './lib/server/services/auth/page-session';
import { getConfig } from './lib/server/config';
import { requireSameSiteOrToken } from './lib/server/http/cross-site';
import { inlineStylesOnFirstVisit } from './lib/server/http/first-visit-styles';
import { isDatabaseUnavailable } from './lib/server/db/connection-errors';
import { renderDatabaseUnavailablePage } from './lib/server/http/database-unavailable';
import { errorResponse } from './lib/server/http/respond';
import { isApiPath, isPublicPage } from './lib/server/http/public-pages';
import { languageOf } from './lib/server/http/request-context';
import { answerApiRequest } from './lib/server/http/unmatched-api-route';

/**
 * Refuses cross-site state changes (cross-site.ts) in the API's error shape,
 * puts the language, `t` and the session on `locals` once per request, sends
 * signed-out visitors of every page but the public ones (public-pages.ts)
 * to /signin?error=SessionRequired,
 * copies the cookies of a session refresh to the response, and inlines the
 * stylesheet for a browser's first visit (first-visit-styles.ts). An API path
 * no route or method serves answers 404 / 405 in the error shape
 * (unmatched-api-route.ts), never the HTML 404 page. While the
 * database is away, pages answer a 503 page and the API its 503 (ADR 022).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const lang = languageOf(context.request);
  context.locals.lang = lang;
  context.locals.t = getT(lang);
  context.locals.session = null;
  context.locals.sessionError = null;
  try {
    requireSameSiteOrToken(context.request, getConfig().TRUST_PROXY);
  } catch (error) {
    return errorResponse(error, lang);
  }
  const path = context.url.pathname;
  try {
    return isApiPath(path) ? await answerApiRequest(context, next) : await servePage(context, next);
  } catch (error) {
    // The database away (a restart): a 503 that says when to try again, never Astro's 500 page.
    if (!isDatabaseUnavailable(error)) throw error;
    return isApiPath(path) ? errorResponse(error, lang) : renderDatabaseUnavailablePage(lang);
  }
});

/** A page: the visitor's session first (signed-out visitors of any page but the public ones go to sign in), then the page. */
async function servePage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const path = context.url.pathname;
  const { session, setCookies } = await getPageSession(context.request);
  context.locals.session = session && !session.error ? session : null;
  context.locals.sessionError = session?.error ?? null;

  let response: Response;
  if (!context.locals.session && !isPublicPage(path)) {
    const target = new URL('/signin', context.url);
    target.searchParams.set('error', session?.error ?? 'SessionRequired');
    target.searchParams.set('callbackUrl', `${path}${context.url.search}`);
    response = new Response(null, { status: 303, headers: { Location: `${target.pathname}${target.search}` } });
  } else {
    response = await next();
  }
  response = await inlineStylesOnFirstVisit(context.request, response);
  for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
  if (session) response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
