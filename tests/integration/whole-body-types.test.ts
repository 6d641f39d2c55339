/**
 * Issue 28: a JSON body of `null` answered 500 on the person form's
 * endpoints. Every endpoint that reads a JSON body is sent `null`, a
 * number, a string and an array as the whole body, signed out and as a
 * platform admin: each answer is a 4xx in the error shape, never a 5xx.
 */
import { describe, expect, it } from 'vitest';
import type { EndpointHandler } from '~/lib/server/http/endpoint';
import { listRouteModules } from '~/lib/server/http/route-modules';
import { call } from '../support/http';
import { accessTokenFor, createUser } from '../factories';

const NOT_OBJECTS = ['null', '42', '"texto"', '[]', '[{"idUser":1}]', 'true'];

async function listJsonBodyHandlers(): Promise<EndpointHandler[]> {
  const handlers = new Set<EndpointHandler>();
  for (const module of Object.values(await listRouteModules())) {
    for (const exported of Object.values(module as Record<string, unknown>)) {
      const definition = (exported as Partial<EndpointHandler>).definition;
      if (typeof exported === 'function' && definition?.body && !definition.upload && !definition.answeredBy) handlers.add(exported as EndpointHandler);
    }
  }
  return [...handlers];
}

/** A concrete path for an OpenAPI path: every `{param}` is 1. */
const concrete = (path: string) => ({ path: path.replace(/\{(\w+)\}/g, '1'), params: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, '1'])) });

describe('a whole JSON body that is not an object', () => {
  it('is a 4xx for every endpoint that reads a JSON body, signed out or as an admin', async () => {
    const admin = await createUser({ userType: 'admin' });
    const token = await accessTokenFor(admin);
    const handlers = await listJsonBodyHandlers();
    expect(handlers.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const handler of handlers) {
      const { method, path } = handler.definition;
      for (const rawBody of NOT_OBJECTS) {
        for (const caller of [undefined, token]) {
          const answer = await call(handler, { method, ...concrete(path), rawBody, token: caller, headers: { 'content-type': 'application/json' } });
          const who = caller ? 'admin' : 'signed out';
          if (answer.status >= 500 || answer.status < 400 || typeof answer.json?.error?.message !== 'string') failures.push(`${method} ${path} ${rawBody} (${who}): ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers the person form with the usual 400 in the caller language (the bodies of the issue)', async () => {
    const { PUT: saveOwn } = await import('~/pages/api/v2/profiles/me');
    const { POST: register } = await import('~/pages/api/v2/registrations/index');
    const student = await createUser();
    const token = await accessTokenFor(student);
    const own = await call(saveOwn, { method: 'PUT', path: '/api/v2/profiles/me/', rawBody: 'null', token, headers: { 'content-type': 'application/json' } });
    expect(own.status).toBe(400);
    expect(own.json.error).toMatchObject({ code: 'validation_failed', message: 'Revisa los datos enviados.', fields: { body: 'El cuerpo de la solicitud debe ser un objeto JSON con sus campos.' } });
    const signUp = await call(register, { method: 'POST', path: '/api/v2/registrations/', rawBody: 'null', headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
    expect(signUp.status).toBe(400);
    expect(signUp.json.error.fields.body).toBe('The request body must be a JSON object with its fields.');
  });
});
