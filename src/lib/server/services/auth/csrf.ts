import { Auth } from '@auth/core';
import authConfig from 'auth:config';
import { AUTH_BASE_PATH } from './auth-js';

/** An Auth.js CSRF token for a server-rendered form, with the cookie that must go with it. */
export async function getCsrfForForm(request: Request): Promise<{ csrfToken: string; setCookies: string[] }> {
  const url = new URL(`${AUTH_BASE_PATH}/csrf`, request.url);
  const response = await Auth(new Request(url, { headers: request.headers }), authConfig);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, setCookies: response.headers.getSetCookie() };
}
