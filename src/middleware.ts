import { defineMiddleware } from 'astro:middleware';
import { getT } from './i18n';
import { getPageSession } from './lib/server/auth/page-session';
import { getConfig } from './lib/server/config';
import { requireSameSiteOrToken } from './lib/server/http/cross-site';
import { inlineStylesOnFirstVisit } from './lib/server/http/first-visit-styles';
import { errorResponse } from './lib/server/http/respond';
import { languageOf } from './lib/server/http/request-context';

/** Pages that need a signed-in user; others render for anyone. */
const PROTECTED_PREFIXES = ['/home', '/soon', '/suggested-classes', '/courses', '/lessons', '/cohorts', '/admin', '/account', '/registrations', '/payments'];
const isApi = (path: string) => path.startsWith('/api') || path.startsWith('/training_path/');
const isProtected = (path: string) => PROTECTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Refuses cross-site state changes (cross-site.ts) in the API's error shape,
 * puts the language, `t` and the session on `locals` once per request, sends
 * signed-out visitors of protected pages to /signin?error=SessionRequired,
 * copies the cookies of a session refresh to the response, and inlines the
 * stylesheet for a browser's first visit (first-visit-styles.ts).
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
  if (isApi(path)) return next();

  const { session, setCookies } = await getPageSession(context.request);
  context.locals.session = session && !session.error ? session : null;
  context.locals.sessionError = session?.error ?? null;

  let response: Response;
  if (isProtected(path) && !context.locals.session) {
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
});
