import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authRoute from '~/pages/api/auth/[...auth]';
import { getPageSession } from '~/lib/server/services/auth/page-session';
import { resetConfig } from '~/lib/server/config';
import { revokeUserSessions } from '~/lib/server/services/auth/logout';
import { ORIGIN } from '../support/http';
import { createCohort, createUser, DEFAULT_PASSWORD, enrollStudent } from '../factories';

/** A tiny cookie jar over the auth route, as a browser would use it. */
class Browser {
  cookies = new Map<string, string>();

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(response: Response | string[]) {
    const list = Array.isArray(response) ? response : response.headers.getSetCookie();
    for (const cookie of list) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
  }

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const url = new URL(path, ORIGIN);
    const headers = new Headers({ cookie: this.header() });
    let body: string | undefined;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      headers.set('X-Auth-Return-Redirect', '1');
      body = new URLSearchParams(init.form).toString();
    }
    const request = new Request(url, { method: init.method ?? 'GET', headers, body });
    const handler = request.method === 'GET' ? authRoute.GET : authRoute.POST;
    const response = await handler({ request, url, params: {}, clientAddress: '127.0.0.1' } as never);
    this.keep(response);
    return response;
  }

  async signIn(email: string, password = DEFAULT_PASSWORD) {
    const { csrfToken } = (await (await this.request('/api/auth/csrf')).json()) as { csrfToken: string };
    const response = await this.request('/api/auth/callback/credentials', { method: 'POST', form: { email, password, csrfToken, callbackUrl: `${ORIGIN}/home`, json: 'true' } });
    return (await response.json()) as { url: string };
  }

  async session() {
    return (await (await this.request('/api/auth/session')).json()) as any;
  }
}

/**
 * Moves the clock the app reads (Date) forward instead of sleeping: at a 301 s
 * token lifetime, 1.1 s later a token is within the 300 s refresh window.
 * Timers and I/O keep running on real time.
 */
function advanceClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}

afterEach(() => {
  vi.useRealTimers();
  delete process.env.ACCESS_TOKEN_TTL_S;
  resetConfig();
});

describe('the browser session (Auth.js credentials)', () => {
  it('signs in and exposes exactly the contract user info', async () => {
    const user = await createUser({ email: 'web@senda.test', firstName: 'Web', lastName: 'User' });
    const cohort = await createCohort();
    await enrollStudent(user, cohort);
    const browser = new Browser();
    expect((await browser.signIn('web@senda.test')).url).toBe(`${ORIGIN}/home`);
    const session = await browser.session();
    expect(Object.keys(session.user).sort()).toEqual(
      ['accessToken', 'cohorts', 'email', 'id', 'idTrainingPath', 'idUser', 'name', 'refreshToken', 'statusStudent', 'statusUser', 'typeUser'].sort(),
    );
    expect(session.user).toMatchObject({ id: user.id, idUser: user.id, email: 'web@senda.test', name: 'Web User', statusUser: 'ACTIVE', typeUser: 'student', statusStudent: 0, idTrainingPath: cohort.learningPathId });
    expect(session.error).toBeUndefined();
  });

  it('sends wrong credentials back to /signin with error=CredentialsSignin and a safe code', async () => {
    await createUser({ email: 'web2@senda.test' });
    const { url } = await new Browser().signIn('web2@senda.test', 'wrong-password');
    const target = new URL(url);
    expect(target.pathname).toBe('/signin');
    expect(target.searchParams.get('error')).toBe('CredentialsSignin');
    expect(target.searchParams.get('code')).toBe('credentials');
  });

  it('refreshes the access token within 300 s of expiry, and the page session returns the new cookie', async () => {
    process.env.ACCESS_TOKEN_TTL_S = '301';
    resetConfig();
    await createUser({ email: 'soon@senda.test' });
    const browser = new Browser();
    await browser.signIn('soon@senda.test');
    const before = await browser.session();
    advanceClock(1100);
    const request = new Request(`${ORIGIN}/home`, { headers: { cookie: browser.header() } });
    const page = await getPageSession(request);
    expect(page.session?.user.accessToken).not.toBe(before.user.accessToken);
    expect(page.setCookies.some((cookie) => cookie.startsWith('authjs.session-token='))).toBe(true);
    // With the refreshed cookie the next read starts from the new tokens: had it
    // started from the old ones, their refresh token would be a reuse and revoke
    // the family. (It may refresh once more: at a 301 s TTL every second counts.)
    browser.keep(page.setCookies);
    const next = await browser.session();
    expect(next.error).toBeUndefined();
    expect(next.user.refreshToken).not.toBe(before.user.refreshToken);
  });

  it('puts RefreshAccessTokenError on the session when the refresh fails', async () => {
    process.env.ACCESS_TOKEN_TTL_S = '301';
    resetConfig();
    const user = await createUser({ email: 'revoked@senda.test' });
    const browser = new Browser();
    await browser.signIn('revoked@senda.test');
    await revokeUserSessions(user.id);
    advanceClock(1100);
    expect((await browser.session()).error).toBe('RefreshAccessTokenError');
    const page = await getPageSession(new Request(`${ORIGIN}/home`, { headers: { cookie: browser.header() } }));
    expect(page.session?.error).toBe('RefreshAccessTokenError');
  });

  it('stops showing pages to a sign-in revoked elsewhere at once, though its cookie is still fresh', async () => {
    const user = await createUser({ email: 'elsewhere@senda.test' });
    const browser = new Browser();
    await browser.signIn('elsewhere@senda.test');
    const request = () => getPageSession(new Request(`${ORIGIN}/home`, { headers: { cookie: browser.header() } }));
    expect((await request()).session?.user.email).toBe('elsewhere@senda.test');
    await revokeUserSessions(user.id);
    expect((await request()).session).toBeNull();
  });

  it('reads a fresh cookie without Auth.js setting a new one, and refuses a tampered one', async () => {
    await createUser({ email: 'fast@senda.test' });
    const browser = new Browser();
    await browser.signIn('fast@senda.test');
    const viaAuthJs = await browser.session();
    const page = await getPageSession(new Request(`${ORIGIN}/home`, { headers: { cookie: browser.header() } }));
    expect(page.setCookies).toEqual([]);
    expect(page.session?.user).toEqual(viaAuthJs.user);
    const cookie = browser.cookies.get('authjs.session-token')!;
    const tampered = `authjs.session-token=${cookie.slice(0, -6)}AAAAAA`;
    expect((await getPageSession(new Request(`${ORIGIN}/home`, { headers: { cookie: tampered } }))).session).toBeNull();
  });

  it('does not refresh a token far from expiry', async () => {
    await createUser({ email: 'fresh2@senda.test' });
    const browser = new Browser();
    await browser.signIn('fresh2@senda.test');
    const first = await browser.session();
    expect((await browser.session()).user.accessToken).toBe(first.user.accessToken);
  });

  it('rotates once for concurrent reads carrying the same expiring cookie', async () => {
    process.env.ACCESS_TOKEN_TTL_S = '301';
    resetConfig();
    await createUser({ email: 'tabs@senda.test' });
    const browser = new Browser();
    await browser.signIn('tabs@senda.test');
    advanceClock(1100);
    const cookie = browser.header();
    const pages = await Promise.all([1, 2, 3].map(() => getPageSession(new Request(`${ORIGIN}/home`, { headers: { cookie } }))));
    const tokens = new Set(pages.map((page) => page.session?.user.refreshToken));
    expect(tokens.size).toBe(1);
    expect(pages.every((page) => !page.session?.error)).toBe(true);
  });
});
