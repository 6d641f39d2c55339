/**
 * The security baseline of the built server: headers on pages, API answers and
 * static files, cookie flags, and cross-site form posts refused.
 */
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, MAIN_SERVER } from './support/servers';

const BASE = MAIN_SERVER.url;

test('pages carry a CSP without inline-script holes, frame-ancestors none and the other headers', async ({ request }) => {
  const response = await request.get(`${BASE}/signin`);
  const headers = response.headers();
  const csp = headers['content-security-policy']!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src'))!;
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
});

test('static files and API answers carry the baseline headers too', async ({ request }) => {
  for (const path of ['/favicon.svg', '/banners/banner-1.svg', '/api/v2/status/']) {
    const headers = (await request.get(`${BASE}${path}`)).headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
});

test('the session cookie is HttpOnly and SameSite=Lax; authenticated pages are not cached', async ({ request }) => {
  const { csrfToken } = (await (await request.get(`${BASE}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signIn = await request.post(`${BASE}/api/auth/callback/credentials`, {
    form: { csrfToken, email: DEMO.admin, password: DEMO_PASSWORD, callbackUrl: '/home' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const sessionCookie = signIn.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('authjs.session-token='));
  expect(sessionCookie?.value).toMatch(/HttpOnly/i);
  expect(sessionCookie?.value).toMatch(/SameSite=Lax/i);
  const home = await request.get(`${BASE}/home`, { maxRedirects: 0 });
  expect(home.status()).toBe(200);
  expect(home.headers()['cache-control']).toContain('no-store');
});

test('a cross-site form post is refused (CSRF), a same-site one works', async ({ request }) => {
  const form = { lang: 'en', returnTo: '/signin' };
  const foreign = await request.post(`${BASE}/api/v2/preferences/language/`, { form, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);
  expect(foreign.headers()['set-cookie'] ?? '').not.toContain('senda-lang');
  const own = await request.post(`${BASE}/api/v2/preferences/language/`, { form, headers: { Origin: BASE }, maxRedirects: 0 });
  expect(own.status()).toBe(303);
  expect(own.headers()['location']).toBe('/signin');
});

test('sign-in without the CSRF token is refused', async ({ request }) => {
  const response = await request.post(`${BASE}/api/auth/callback/credentials`, {
    form: { email: DEMO.admin, password: DEMO_PASSWORD, callbackUrl: '/home' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(response.headers()['location'] ?? '').toContain('error=MissingCSRF');
  expect(response.headers()['set-cookie'] ?? '').not.toContain('authjs.session-token');
});

test('bad input to the API is a 4xx in the caller’s language, never a 500', async ({ request }) => {
  const malformed = await request.post(`${BASE}/api/v2/auth/login/`, { data: Buffer.from('{"email":'), headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).error.message).toBe('The request body is not valid JSON.');
  const huge = await request.post(`${BASE}/api/v2/auth/login/`, { data: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
  expect(huge.status()).toBe(413);
  const unknownPage = await request.get(`${BASE}/soon/not-a-feature`, { maxRedirects: 0 });
  expect([303, 404]).toContain(unknownPage.status());
});
