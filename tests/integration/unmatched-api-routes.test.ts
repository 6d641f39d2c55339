/**
 * Issue 28: an API path no route serves (`GET /api/v2/nothing/`), or a method
 * its route's file does not export (`GET /api/v2/courses/`, which has only
 * POST), answered Astro's HTML 404 page. API callers get the error shape:
 * 404 `not_found`, or 405 `method_not_allowed` with an Allow header, in their
 * language. Astro's router does not run here: its answers are produced by
 * Astro's own endpoint renderer (the container) and handed to the real
 * middleware as `next`.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { onRequest } from '~/middleware';
import { answerApiRequest, listAllowedMethods } from '~/lib/server/http/unmatched-api-route';
import * as coursesRoute from '~/pages/api/v2/courses/index';
import { ORIGIN } from '../support/http';

/** What Astro hands the middleware for a request matched to `routePattern` (`/404` when no route matched). */
function middlewareContextOf(request: Request, routePattern: string): APIContext {
  return { request, url: new URL(request.url), routePattern, locals: {}, params: {} } as unknown as APIContext;
}

async function readError(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** Astro rendering an endpoint module for a request (what `next()` does for a matched endpoint route). */
async function renderWithAstro(module: Record<string, unknown>, request: Request): Promise<Response> {
  const container = await AstroContainer.create();
  return container.renderToResponse(module as never, { routeType: 'endpoint', request });
}

describe('an API request no route or method serves', () => {
  it('a path no route serves is a 404 not_found in the error shape, in the caller language, never the HTML page', async () => {
    const request = new Request(`${ORIGIN}/api/v2/nothing-here/`, { headers: { 'accept-language': 'en' } });
    const response = await onRequest(middlewareContextOf(request, '/404'), async () => new Response('<html>404</html>', { status: 404, headers: { 'content-type': 'text/html' } }));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(404);
    expect(await readError(response as Response)).toEqual({ code: 'not_found', message: 'We could not find what you are looking for.' });
  });

  it('the legacy routes and the homework route are API paths too (Spanish by default)', async () => {
    for (const path of ['/api-nothing/', '/training_path/1/user/2/nothing/']) {
      const response = (await onRequest(middlewareContextOf(new Request(`${ORIGIN}${path}`), '/404'), async () => new Response('<html></html>', { status: 404 }))) as Response;
      expect(response.status, path).toBe(404);
      expect((await readError(response)).code, path).toBe('not_found');
    }
  });

  it('GET /api/v2/courses/ (only POST exists) is a 405 method_not_allowed with Allow: POST', async () => {
    const request = new Request(`${ORIGIN}/api/v2/courses/`, { headers: { 'accept-language': 'es' } });
    // Astro itself answers an empty 404 for a method the route's file lacks.
    const astroAnswer = await renderWithAstro(coursesRoute, request.clone());
    expect(astroAnswer.status).toBe(404);
    const response = (await onRequest(middlewareContextOf(request, '/api/v2/courses'), () => renderWithAstro(coursesRoute, request))) as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await readError(response)).toEqual({ code: 'method_not_allowed', message: 'Método no permitido.' });
  });

  it('lists every method a route file exports, HEAD with GET', async () => {
    expect(await listAllowedMethods('/api/v2/courses/[id]')).toEqual(['GET', 'HEAD', 'PATCH', 'DELETE']);
    expect(await listAllowedMethods('/api-login')).toEqual(['POST']);
    expect(await listAllowedMethods('/training_path/[idTrainingPath]/user/[idUser]/homework')).toEqual(['GET', 'HEAD']);
    const request = new Request(`${ORIGIN}/training_path/1/user/2/homework/`, { method: 'DELETE', headers: { 'accept-language': 'en' } });
    const response = await answerApiRequest({ request, routePattern: '/training_path/[idTrainingPath]/user/[idUser]/homework' }, async () => new Response(null, { status: 404 }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await readError(response)).message).toBe('Method not allowed.');
  });

  it("leaves an endpoint's own answers alone, its JSON 404 included", async () => {
    const own = new Response(JSON.stringify({ error: { code: 'not_found', message: 'No encontrado.' } }), { status: 404, headers: { 'content-type': 'application/json' } });
    const request = new Request(`${ORIGIN}/api/v2/courses/99/`);
    expect(await answerApiRequest({ request, routePattern: '/api/v2/courses/[id]' }, async () => own)).toBe(own);
    const created = new Response(null, { status: 201 });
    expect(await answerApiRequest({ request, routePattern: '/api/v2/courses/[id]' }, async () => created)).toBe(created);
  });
});
