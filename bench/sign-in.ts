/** Signing in for the benchmarks: as a browser does (Auth.js cookie) and as an API client does (access token). */
export const DEMO_EMAIL = 'student@senda.test';
export const DEMO_PASSWORD = 'Senda-demo-1';

class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in the way a browser does (Auth.js CSRF + credentials callback), lands
 * on the page the sign-in redirects to, and returns the cookie header the
 * browser then holds (the session, and the stylesheet cookie of its first page).
 */
export async function browserSignIn(origin: string, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const jar = new CookieJar();
  const csrfResponse = await fetch(`${origin}/api/auth/csrf`);
  jar.store(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email, password, callbackUrl: '/home' });
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: jar.header() },
    body: form,
  });
  await response.arrayBuffer();
  jar.store(response);
  if (response.status !== 302 || !jar.names().some((name) => name.startsWith('authjs.session-token'))) {
    throw new Error(`browser sign-in failed: HTTP ${response.status}, location ${response.headers.get('location')}, cookies ${jar.names().join(', ')}`);
  }
  const landing = await fetch(new URL(response.headers.get('location') ?? '/home', origin), { redirect: 'manual', headers: { cookie: jar.header() } });
  await landing.arrayBuffer();
  jar.store(landing);
  return jar.header();
}

export async function apiSignIn(origin: string, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${origin}/api/v2/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { accessToken?: string; user?: { id: number; statusStudent: number } };
  if (response.status !== 200 || !body.accessToken) throw new Error(`API sign-in failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  // Content pages send students who have not accepted the terms to /home: accept them first, as a student would.
  if (body.user && body.user.statusStudent === 0) {
    const terms = await fetch(`${origin}/api-termsAndConditions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.accessToken}` },
      body: JSON.stringify({ id: body.user.id, status: 1 }),
    });
    if (terms.status !== 200) throw new Error(`accepting the terms failed: HTTP ${terms.status}`);
  }
  return body.accessToken;
}
