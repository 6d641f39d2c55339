import { AppError } from '~/lib/shared/errors';
import { findRouteModule } from './route-modules';
import { languageOf } from './request-context';
import { errorResponse } from './respond';

/** The methods an Astro endpoint module may export, in the order an Allow header lists them. */
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Astro renders src/pages/404.astro under this route pattern when no route matches a path. */
const NOT_FOUND_ROUTE = '/404';

/** The methods a route's module answers (Astro answers HEAD with GET), for an Allow header. */
export async function listAllowedMethods(routePattern: string): Promise<string[]> {
  const module = await findRouteModule(routePattern);
  if (!module) return [];
  if (typeof module.ALL === 'function') return [...ROUTE_METHODS];
  return ROUTE_METHODS.filter((method) => typeof module[method] === 'function' || (method === 'HEAD' && typeof module.GET === 'function'));
}

/**
 * Answers an API request (`/api…`, the legacy `/api-…` routes,
 * `/training_path/…`) through `next`, except what Astro's router would answer
 * with its HTML 404 page: a path no route serves is a 404 `not_found`, and a
 * method the route's file does not export (Astro answers it with an empty 404)
 * is a 405 `method_not_allowed` whose Allow header lists the file's methods;
 * both in the API's error shape and the caller's language (issue 28).
 */
export async function answerApiRequest(context: { request: Request; routePattern: string }, next: () => Promise<Response>): Promise<Response> {
  const lang = languageOf(context.request);
  if (context.routePattern === NOT_FOUND_ROUTE) return errorResponse(new AppError('not_found'), lang);
  const response = await next();
  if (response.status !== 404 || response.body !== null) return response;
  const allowed = await listAllowedMethods(context.routePattern);
  // An empty 404 from a method the file does export is that handler's own answer: still "not found", in words.
  if (allowed.length === 0 || allowed.includes(context.request.method.toUpperCase())) return errorResponse(new AppError('not_found'), lang);
  return errorResponse(new AppError('method_not_allowed', { headers: { Allow: allowed.join(', ') } }), lang);
}
