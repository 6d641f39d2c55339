/**
 * Control characters never reach the database (issue 17: a NUL byte in a name
 * or a search answered 500). The edge refuses them with the field named, in
 * the caller's language; a NUL that slips past validation is a 400 too.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { organizations } from '~/lib/server/db/schema';
import { errorResponse } from '~/lib/server/http/respond';
import { POST as createOrganization } from '~/pages/api/v2/organizations/index';
import { GET as searchUsers } from '~/pages/api/v2/users/index';
import { GET as cohortUsers } from '~/pages/api/v2/cohorts/[id]/users';
import { POST as uploadBanner } from '~/pages/api/v2/banners/index';
import { call } from '../support/http';
import { callForm, pngBytes } from '../support/multipart';
import { accessTokenFor, createCohort, createUser } from '../factories';

async function adminToken() {
  return accessTokenFor(await createUser({ userType: 'admin' }));
}

describe('text with control characters', () => {
  it('is refused in a body with the field named in Spanish and English, and nothing is saved', async () => {
    const token = await adminToken();
    const spanish = await call(createOrganization, { path: '/api/v2/organizations/', body: { name: 'a\u0000b' }, token });
    expect(spanish.status).toBe(400);
    expect(spanish.json.error).toEqual({ code: 'validation_failed', message: 'Revisa los datos enviados.', fields: { name: 'El texto contiene caracteres de control no permitidos' } });
    const english = await call(createOrganization, { path: '/api/v2/organizations/', body: { name: 'bell\u0007' }, token, headers: { 'accept-language': 'en' } });
    expect(english.json.error.fields).toEqual({ name: 'The text contains control characters that are not allowed' });
    expect(await (await getDb()).select().from(organizations)).toEqual([]);
  });

  it('keeps tabs and line breaks, which people do type', async () => {
    const response = await call(createOrganization, { path: '/api/v2/organizations/', body: { name: 'Sede\tNorte\r\nBogotá' }, token: await adminToken() });
    expect(response.status).toBe(201);
  });

  it('is refused in ?search= of the user search and of a cohort\'s members (once a 500)', async () => {
    const token = await adminToken();
    const cohort = await createCohort();
    const users = await call(searchUsers, { path: '/api/v2/users/?search=ab%00c', token });
    expect(users.status).toBe(400);
    expect(users.json.error.fields).toEqual({ search: 'El texto contiene caracteres de control no permitidos' });
    const members = await call(cohortUsers, { path: `/api/v2/cohorts/${cohort.id}/users/?search=ab%00c`, params: { id: String(cohort.id) }, token });
    expect(members.status).toBe(400);
    expect(members.json.error.fields).toEqual({ search: 'El texto contiene caracteres de control no permitidos' });
  });

  it('is refused in a multipart text field (a banner title)', async () => {
    const cohort = await createCohort();
    const response = await callForm(uploadBanner, {
      path: '/api/v2/banners/',
      fields: { cohort: String(cohort.id), title: 'Bienvenida\u0000' },
      files: { image: { name: 'banner.png', type: 'image/png', data: pngBytes() } },
      token: await adminToken(),
    });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ title: 'El texto contiene caracteres de control no permitidos' });
  });

  it('that slips past validation is answered 400 when the database refuses it, never 500', async () => {
    const db = await getDb();
    const refused = await db.insert(organizations).values({ name: 'a\u0000b' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).not.toBeNull();
    const response = errorResponse(refused, 'es');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code: 'invalid_characters', message: 'El texto enviado contiene caracteres no permitidos. No se cambió nada.' });
    expect(await db.select({ count: sql<number>`count(*)::int` }).from(organizations)).toEqual([{ count: 0 }]);
  });
});

describe('a request whose client goes away while it arrives', () => {
  it('is answered as interrupted (400), not as a server failure', async () => {
    // What Node raises while a body is read from a connection the client closed.
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const response = errorResponse(aborted, 'en');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code: 'request_aborted', message: 'The request was interrupted before it finished arriving.' });
  });
});
