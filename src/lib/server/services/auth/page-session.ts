import { hkdfSync } from 'node:crypto';
import { Auth } from '@auth/core';
import authConfig from 'auth:config';
import { jwtDecrypt } from 'jose';
import { STATUS_STUDENT, TOKEN_EXPIRY_WINDOW_S } from '~/lib/shared/constants';
import type { Caller } from '~/lib/server/access/permissions';
import { readCookie } from '~/lib/server/http/request-context';
import { isSessionLive } from './live-sessions';
import { sessionIdOfToken } from './tokens';
import { AUTH_BASE_PATH, isNearExpiry, SESSION_COOKIE_NAMES, toSessionUser, type SendaSession, type SessionToken } from './auth-js';

/** The caller a signed-in page acts as (the same identity its API calls carry). */
export function callerOf(session: SendaSession): Caller {
  const { user } = session;
  return { id: user.idUser, email: user.email, userType: user.typeUser, cohorts: user.cohorts };
}

/** Students must accept the terms (on /home, where the modal is) before opening content. */
export function mustAcceptTermsFirst(session: SendaSession): boolean {
  return session.user.typeUser === 'student' && session.user.statusStudent === STATUS_STUDENT.pending;
}

export interface PageSession {
  session: SendaSession | null;
  /** Cookies Auth.js set while reading (a refreshed session): copy them to the page response. */
  setCookies: string[];
}

const SESSION_COOKIES = [SESSION_COOKIE_NAMES.secure, SESSION_COOKIE_NAMES.plain];
/** Auth.js's own tolerance when it decrypts the same cookie. */
const CLOCK_TOLERANCE_S = 15;

const keys = new Map<string, Uint8Array>();

/**
 * Decrypted fresh sessions by cookie value, so a user's next pages skip the
 * decryption. Bounded, and an entry lives only until its token nears expiry.
 */
const DECODED_SESSIONS_MAX = 5_000;
const decodedSessions = new Map<string, { session: SendaSession; freshUntilS: number }>();

function rememberSession(cookie: string, session: SendaSession, freshUntilS: number): void {
  decodedSessions.set(cookie, { session, freshUntilS });
  if (decodedSessions.size > DECODED_SESSIONS_MAX) decodedSessions.delete(decodedSessions.keys().next().value as string);
}

/** The key Auth.js encrypts the session cookie with (HKDF of AUTH_SECRET, salted by the cookie name), derived once. */
function sessionCookieKey(cookieName: string): Uint8Array | null {
  const secret = process.env.AUTH_SECRET;
  if (!secret) return null;
  const cacheKey = `${cookieName}\u0000${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, cookieName, `Auth.js Generated Encryption Key (${cookieName})`, 64));
    keys.set(cacheKey, key);
  }
  return key;
}

/**
 * Reads a session cookie that needs nothing from Auth.js: readable, not near
 * expiry, no refresh error. Anything else (chunked cookie, refresh due,
 * tampering) answers null and goes the full Auth.js way.
 */
async function readFreshSession(cookieHeader: string): Promise<SendaSession | null> {
  for (const name of SESSION_COOKIES) {
    const value = readCookie(cookieHeader, name);
    if (!value) continue;
    const remembered = decodedSessions.get(value);
    if (remembered && Date.now() / 1000 < remembered.freshUntilS) return remembered.session;
    decodedSessions.delete(value);
    const key = sessionCookieKey(name);
    if (!key) return null;
    try {
      const { payload } = await jwtDecrypt(value, key, {
        clockTolerance: CLOCK_TOLERANCE_S,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256CBC-HS512', 'A256GCM'],
      });
      const token = payload as unknown as SessionToken & { exp?: number };
      if (token.error || !token.user || !token.accessToken || isNearExpiry(token)) return null;
      const expires = new Date((token.exp ?? 0) * 1000).toISOString();
      const session: SendaSession = { user: toSessionUser(token), expires };
      rememberSession(value, session, Math.min(token.accessTokenExpires - TOKEN_EXPIRY_WINDOW_S, token.exp ?? 0));
      return session;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Reads the browser session for a page. Most requests carry a fresh cookie
 * and are answered by decrypting it (no Auth.js round, no new cookie). When a
 * refresh is due, Auth.js runs its callbacks, and unlike auth-astro's
 * getSession we keep the Set-Cookie of that refresh, so the next page does
 * not refresh again.
 */
export async function getPageSession(request: Request): Promise<PageSession> {
  const cookieHeader = request.headers.get('cookie');
  if (!cookieHeader) return { session: null, setCookies: [] };
  const fresh = await readFreshSession(cookieHeader);
  if (fresh) return { session: (await isLive(fresh)) ? fresh : null, setCookies: [] };

  const url = new URL(`${AUTH_BASE_PATH}/session`, request.url);
  const response = await Auth(new Request(url, { headers: request.headers }), authConfig);
  const setCookies = response.headers.getSetCookie();
  const data = (await response.json()) as SendaSession | null;
  const session = response.status === 200 && data && Object.keys(data).length > 0 && data.user ? data : null;
  return { session: session && (await isLive(session)) ? session : null, setCookies };
}

/**
 * The browser session of a request that must never refresh it (a
 * long-lived stream, whose response comes too late to carry new cookies,
 * and whose refresh would race the page's own): the caller while the
 * cookie's access token is fresh and its sign-in live, and until when it
 * stays fresh; else null.
 */
export async function readFreshCaller(request: Request): Promise<{ caller: Caller; freshUntilS: number; isLive: () => Promise<boolean> } | null> {
  const cookieHeader = request.headers.get('cookie');
  if (!cookieHeader) return null;
  const session = await readFreshSession(cookieHeader);
  if (!session || !(await isLive(session))) return null;
  const remembered = [...SESSION_COOKIES].map((name) => decodedSessions.get(readCookie(cookieHeader, name) ?? '')).find(Boolean);
  const freshUntilS = remembered?.freshUntilS ?? 0;
  return { caller: callerOf(session), freshUntilS, isLive: () => isLive(session) };
}

/**
 * A page session whose sign-in was revoked (signed out elsewhere, revoked by
 * an operator) is no session. One that already carries a refresh error stays
 * as it is: the browser's flow for that error signs the user out.
 */
async function isLive(session: SendaSession): Promise<boolean> {
  if (session.error) return true;
  const sessionId = sessionIdOf(session);
  return sessionId === null || isSessionLive(sessionId);
}

/** The sign-in a session's access token belongs to, read once per remembered session. */
const sessionIds = new WeakMap<SendaSession, string | null>();
function sessionIdOf(session: SendaSession): string | null {
  let sessionId = sessionIds.get(session);
  if (sessionId === undefined) {
    sessionId = session.user.accessToken ? sessionIdOfToken(session.user.accessToken) : null;
    sessionIds.set(session, sessionId);
  }
  return sessionId;
}
