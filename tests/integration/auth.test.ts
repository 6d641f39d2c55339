import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '~/pages/api/v2/auth/login';
import { POST as legacyLogin } from '~/pages/api-login';
import { POST as refresh } from '~/pages/api/v2/auth/refresh';
import { POST as logout } from '~/pages/api/v2/auth/logout';
import { GET as status } from '~/pages/api/v2/status';
import { POST as courses } from '~/pages/api-getCoursesXUser';
import { getDb } from '~/lib/server/db/client';
import { refreshTokens, users } from '~/lib/server/db/schema';
import { setMaintenance } from '~/lib/server/services/settings';
import { ROLE_IDS } from '~/lib/shared/constants';
import { call } from '../support/http';
import { restoreEnv, useEnv } from '../support/test-env';
import { createCohort, createUser, DEFAULT_PASSWORD, enrollStudent } from '../factories';

const signIn = (email: string, password = DEFAULT_PASSWORD, ip = '10.0.0.1') =>
  call(login, { path: '/api/v2/auth/login/', body: { email, password }, ip });

describe('POST /api/v2/auth/login/', () => {
  it('returns an access token with exactly the contract claims, a refresh token and the user', async () => {
    const user = await createUser({ email: 'ana@senda.test', firstName: 'Ana', lastName: 'Ruiz', userType: 'student' });
    const active = await createCohort({ status: 'ACTIVE' });
    const inactive = await createCohort({ status: 'INACTIVE' });
    await enrollStudent(user, active);
    await enrollStudent(user, inactive, { roleId: ROLE_IDS.student });

    const response = await signIn('ANA@senda.test');

    expect(response.status).toBe(200);
    const claims = decodeJwt(response.json.accessToken);
    expect(Object.keys(claims).sort()).toEqual(
      ['cohorts', 'email', 'exp', 'firstName', 'iat', 'id', 'idStudent', 'jti', 'lastName', 'status', 'token_type', 'userType'].sort(),
    );
    expect(claims).toMatchObject({ id: user.id, email: 'ana@senda.test', status: 'ACTIVE', userType: 'student', idStudent: user.id, firstName: 'Ana', lastName: 'Ruiz', token_type: 'access' });
    expect(claims.cohorts).toEqual(
      expect.arrayContaining([
        { id: active.id, status: 'ACTIVE', role_id: 1 },
        { id: inactive.id, status: 'INACTIVE', role_id: 1 },
      ]),
    );
    expect(claims.exp! - claims.iat!).toBe(1800);
    expect(response.json.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(response.json.user).toMatchObject({ id: user.id, idTrainingPath: active.learningPathId, statusStudent: 0 });
  });

  it('stores the refresh token only as a hash', async () => {
    await createUser({ email: 'hash@senda.test' });
    const response = await signIn('hash@senda.test');
    const rows = await (await getDb()).select().from(refreshTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(response.json.refreshToken);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    await createUser({ email: 'real@senda.test' });
    const wrongPassword = await signIn('real@senda.test', 'nope-nope');
    const unknownEmail = await signIn('ghost@senda.test', 'nope-nope');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.json).toEqual(unknownEmail.json);
    expect(wrongPassword.json.error.message).toBe('Correo o contraseña incorrectos.');
  });

  it('answers in English when the caller asks for it', async () => {
    const response = await call(login, { path: '/api/v2/auth/login/', body: { email: 'x@senda.test', password: 'bad-one' }, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(response.json.error.message).toBe('Wrong email or password.');
  });

  it('stops a guesser at one address with 429 and Retry-After, even with the right password, while the owner elsewhere still gets in (issue 17)', async () => {
    await createUser({ email: 'target@senda.test' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('target@senda.test', 'wrong-guess', '10.0.1.1')).status).toBe(401);
    }
    const blocked = await signIn('target@senda.test', DEFAULT_PASSWORD, '10.0.1.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.json.error.code).toBe('rate_limited');
    expect((await signIn('target@senda.test', DEFAULT_PASSWORD, '10.0.2.1')).status).toBe(200);
  });

  it('cannot be used to lock an owner out: failures from many addresses slow the account down instead', async () => {
    await createUser({ email: 'owner@senda.test' });
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await signIn('owner@senda.test', 'wrong-guess', `10.0.3.${attempt}`)).status).toBe(401);
    }
    expect((await signIn('owner@senda.test', DEFAULT_PASSWORD, '10.0.4.1')).status).toBe(200);
  });

  it('slows down one address trying many accounts', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      await signIn(`nobody${attempt}@senda.test`, 'wrong-guess', '10.9.9.9');
    }
    await createUser({ email: 'fresh@senda.test' });
    expect((await signIn('fresh@senda.test', DEFAULT_PASSWORD, '10.9.9.9')).status).toBe(429);
    expect((await signIn('fresh@senda.test', DEFAULT_PASSWORD, '10.9.9.10')).status).toBe(200);
  });

  it('behind a trusted proxy, counts the address the proxy saw: invented X-Forwarded-For entries do not escape the limit (issue 28)', async () => {
    useEnv({ TRUST_PROXY: 'true' });
    try {
      await createUser({ email: 'proxied@senda.test' });
      const viaProxy = (password: string, invented: string) =>
        call(login, { path: '/api/v2/auth/login/', body: { email: 'proxied@senda.test', password }, ip: '127.0.0.1', headers: { 'x-forwarded-for': `${invented}, 203.0.113.50` } });
      for (let attempt = 0; attempt < 5; attempt++) expect((await viaProxy('wrong-guess', `198.51.100.${attempt}`)).status).toBe(401);
      expect((await viaProxy(DEFAULT_PASSWORD, '198.51.100.99')).status).toBe(429);
    } finally {
      restoreEnv();
    }
  });

  it('refuses an inactive account', async () => {
    await createUser({ email: 'off@senda.test', status: 'INACTIVE' });
    const response = await signIn('off@senda.test');
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('account_inactive');
  });

  it('answers malformed JSON and missing fields with 400 and field messages, never 500', async () => {
    const malformed = await call(login, { path: '/api/v2/auth/login/', rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('malformed_json');
    const missing = await call(login, { path: '/api/v2/auth/login/', body: { email: 'not-an-email' } });
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual({ email: 'El correo no es válido', password: 'La contraseña es obligatoria' });
    const wrongType = await call(login, { path: '/api/v2/auth/login/', body: [1, 2] });
    expect(wrongType.status).toBe(400);
  });

  it('is also served at the legacy /api-login/', async () => {
    await createUser({ email: 'legacy@senda.test' });
    const response = await call(legacyLogin, { path: '/api-login/', body: { email: 'legacy@senda.test', password: DEFAULT_PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.json.accessToken).toBeTruthy();
  });

  it('refuses new sessions during maintenance with the operator message', async () => {
    await createUser({ email: 'm@senda.test' });
    await setMaintenance(true, 'Volvemos a las 6 p. m.');
    const response = await signIn('m@senda.test');
    expect(response.status).toBe(503);
    expect(response.json.error.message).toBe('Volvemos a las 6 p. m.');
  });
});

describe('POST /api/v2/auth/refresh/', () => {
  it('rotates: the new pair works and the old refresh token does not', async () => {
    await createUser({ email: 'rot@senda.test' });
    const first = await signIn('rot@senda.test');
    const rotated = await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: first.json.refreshToken } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.refreshToken).not.toBe(first.json.refreshToken);
    expect((await call(courses, { path: '/api-getCoursesXUser/', body: {}, token: rotated.json.accessToken })).status).toBe(200);
    const again = await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: rotated.json.refreshToken } });
    expect(again.status).toBe(200);
  });

  it('treats reuse of a rotated token as theft: the whole family is revoked', async () => {
    await createUser({ email: 'theft@senda.test' });
    const first = await signIn('theft@senda.test');
    const rotated = await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: first.json.refreshToken } });
    const reuse = await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: first.json.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.json.error.code).toBe('refresh_token_reused');
    // The legitimate holder's newest token died with the family.
    const legit = await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: rotated.json.refreshToken } });
    expect(legit.status).toBe(401);
    // And so did the access tokens of the family, at once, not at their expiry.
    const read = await call(courses, { path: '/api-getCoursesXUser/', body: {}, token: rotated.json.accessToken });
    expect(read.status).toBe(401);
    expect(read.json.error.code).toBe('invalid_token');
  });

  it('lets only one of two concurrent uses of the same token win', async () => {
    await createUser({ email: 'race@senda.test' });
    const first = await signIn('race@senda.test');
    const results = await Promise.all([
      call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: first.json.refreshToken } }),
      call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: first.json.refreshToken } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses a family past its absolute expiry', async () => {
    await createUser({ email: 'old@senda.test' });
    const first = await signIn('old@senda.test');
    await (await getDb()).update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: first.json.refreshToken } });
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('refresh_token_invalid');
  });

  it('refuses an unknown token and a user deactivated since sign-in', async () => {
    expect((await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: 'x'.repeat(43) } })).status).toBe(401);
    const user = await createUser({ email: 'later-off@senda.test' });
    const first = await signIn('later-off@senda.test');
    await (await getDb()).update(users).set({ status: 'INACTIVE' }).where(eq(users.id, user.id));
    expect((await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: first.json.refreshToken } })).status).toBe(401);
  });
});

describe('POST /api/v2/auth/logout/', () => {
  it("revokes the caller's token family", async () => {
    await createUser({ email: 'bye@senda.test' });
    const session = await signIn('bye@senda.test');
    const other = await signIn('bye@senda.test');
    // Read once, so the sign-in is known live in the cache before it is revoked.
    expect((await call(courses, { path: '/api-getCoursesXUser/', body: {}, token: session.json.accessToken })).status).toBe(200);
    const response = await call(logout, { path: '/api/v2/auth/logout/', body: { refresh_token: session.json.refreshToken }, token: session.json.accessToken });
    expect(response.status).toBe(204);
    expect((await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: session.json.refreshToken } })).status).toBe(401);
    // Its access token stops working at once; the user's other sign-in does not.
    expect((await call(courses, { path: '/api-getCoursesXUser/', body: {}, token: session.json.accessToken })).status).toBe(401);
    expect((await call(courses, { path: '/api-getCoursesXUser/', body: {}, token: other.json.accessToken })).status).toBe(200);
  });

  it('without a token revokes every session of the caller', async () => {
    await createUser({ email: 'all@senda.test' });
    const phone = await signIn('all@senda.test');
    const laptop = await signIn('all@senda.test');
    await call(logout, { path: '/api/v2/auth/logout/', body: {}, token: laptop.json.accessToken });
    expect((await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: phone.json.refreshToken } })).status).toBe(401);
    expect((await call(courses, { path: '/api-getCoursesXUser/', body: {}, token: phone.json.accessToken })).status).toBe(401);
  });

  it("cannot revoke someone else's token", async () => {
    await createUser({ email: 'a@senda.test' });
    await createUser({ email: 'b@senda.test' });
    const a = await signIn('a@senda.test');
    const b = await signIn('b@senda.test');
    const response = await call(logout, { path: '/api/v2/auth/logout/', body: { refresh_token: b.json.refreshToken }, token: a.json.accessToken });
    expect(response.status).toBe(401);
    expect((await call(refresh, { path: '/api/v2/auth/refresh/', body: { refresh_token: b.json.refreshToken } })).status).toBe(200);
  });
});

describe('GET /api/v2/status/', () => {
  it("answers ok, then maintenance with the default 'Mantenimiento en curso'", async () => {
    expect((await call(status, { path: '/api/v2/status/' })).json).toEqual({ status: 'ok', message: '' });
    await setMaintenance(true);
    expect((await call(status, { path: '/api/v2/status/' })).json).toEqual({ status: 'maintenance', message: 'Mantenimiento en curso' });
  });
});
