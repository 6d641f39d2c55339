import { Auth } from '@auth/core';
import authConfig from 'auth:config';
import type { SendaSession } from './auth-js';
import { AUTH_BASE_PATH } from './auth-js';

export interface PageSession {
  session: SendaSession | null;
  /** Cookies Auth.js set while reading (a refreshed session): copy them to the page response. */
  setCookies: string[];
}

/**
 * Reads the browser session for a page, refreshing tokens when needed.
 * Unlike auth-astro's getSession, it keeps the Set-Cookie headers of a
 * refresh, so the next page does not refresh again.
 */
export async function getPageSession(request: Request): Promise<PageSession> {
  if (!request.headers.get('cookie')) return { session: null, setCookies: [] };
  const url = new URL(`${AUTH_BASE_PATH}/session`, request.url);
  const response = await Auth(new Request(url, { headers: request.headers }), authConfig);
  const setCookies = response.headers.getSetCookie();
  const data = (await response.json()) as SendaSession | null;
  const session = response.status === 200 && data && Object.keys(data).length > 0 && data.user ? data : null;
  return { session, setCookies };
}
