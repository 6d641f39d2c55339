/**
 * The Auth.js browser client (contract §7 "Authentication client"): session,
 * csrf and providers reads; sign-in and callback posts with csrfToken,
 * callbackUrl and json; sign-out.
 */
import type { SessionUser } from '~/lib/shared/schemas/auth';

export const AUTH_PREFIX = '/api/auth';

export interface BrowserSession {
  user: SessionUser;
  expires: string;
  error?: string;
}

const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' };

/**
 * This page's session requests, one at a time. Every answer of
 * /api/auth/session sets the session cookie again from the cookie its request
 * carried: a read sent while an update is under way carries the old cookie,
 * and if its answer lands after the update's, it puts the old session back
 * (a student who just accepted the terms was sent back to /home by the next
 * page they opened).
 */
let sessionTurn: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(request: () => Promise<T>): Promise<T> {
  const turn = sessionTurn.then(request);
  sessionTurn = turn.catch(() => undefined);
  return turn;
}

/** GET /api/auth/session: the session, or null when signed out. */
export function getSession(): Promise<BrowserSession | null> {
  return oneAtATime(async () => {
    const response = await fetch(`${AUTH_PREFIX}/session`, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) throw new Error(`session ${response.status}`);
    const data = (await response.json()) as BrowserSession | null;
    return data && data.user ? data : null;
  });
}

export async function getCsrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_PREFIX}/csrf`, { credentials: 'same-origin', cache: 'no-store' });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

export async function getProviders(): Promise<Record<string, { id: string }>> {
  const response = await fetch(`${AUTH_PREFIX}/providers`, { credentials: 'same-origin' });
  return (await response.json()) as Record<string, { id: string }>;
}

/**
 * Signs in with credentials. Answers the URL to go to; a missing provider
 * answers the error page (contract §8).
 */
export async function signIn(provider: string, fields: Record<string, string>, callbackUrl: string): Promise<{ url: string; error: string | null }> {
  const providers = await getProviders();
  if (!providers[provider]) return { url: '/error?error=MissingProvider', error: 'MissingProvider' };
  const body = new URLSearchParams({ ...fields, csrfToken: await getCsrfToken(), callbackUrl, json: 'true' });
  const response = await fetch(`${AUTH_PREFIX}/callback/${provider}`, { method: 'POST', headers: formHeaders, body, credentials: 'same-origin' });
  const { url } = (await response.json()) as { url: string };
  return { url, error: new URL(url, location.origin).searchParams.get('error') };
}

/** POST /api/auth/signout: clears the session cookie; never navigates by itself. */
export async function signOut(): Promise<void> {
  const body = new URLSearchParams({ csrfToken: await getCsrfToken(), callbackUrl: '/signin', json: 'true' });
  const response = await fetch(`${AUTH_PREFIX}/signout`, { method: 'POST', headers: formHeaders, body, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`signout ${response.status}`);
}

/** Asks the server to re-read the session (rotates tokens, picks up new claims such as statusStudent). */
export function updateSession(): Promise<BrowserSession | null> {
  return oneAtATime(async () => {
    const response = await fetch(`${AUTH_PREFIX}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ csrfToken: await getCsrfToken(), data: {} }),
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const data = (await response.json()) as BrowserSession | null;
    return data && data.user ? data : null;
  });
}
