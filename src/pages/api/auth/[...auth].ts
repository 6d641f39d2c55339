import type { APIContext } from 'astro';
import { Auth } from '@auth/core';
import authConfig from 'auth:config';
import { CLIENT_IP_HEADER } from '~/lib/server/services/auth/auth-js';
import { defineEndpoint, type EndpointDefinition } from '~/lib/server/http/endpoint';
import { clientAddressOf } from '~/lib/server/http/request-context';
import { log } from '~/lib/server/log';
import { ClientLogBodySchema } from '~/lib/shared/schemas/auth';
import {
  AuthSessionSchema,
  CredentialsCallbackBodySchema,
  CsrfResponseSchema,
  ProvidersResponseSchema,
  RedirectResponseSchema,
  SignOutBodySchema,
} from '~/lib/shared/schemas/auth-js';

/** The browser client's log records (contract: POST /_log); kept short and marked as client-sent. */
export const clientLog = defineEndpoint({
  method: 'POST',
  path: '/api/auth/_log',
  summary: 'Record a log line from the browser client (errors such as a failed token refresh)',
  tags: ['auth'],
  access: 'public',
  maintenance: 'exempt',
  body: ClientLogBodySchema,
  success: { status: 204, description: 'Recorded' },
  errors: [],
  handle: async ({ body, caller, ip }) => {
    log[body.level]({ source: 'client', code: body.code, userId: caller?.id, ip }, body.message);
    return { status: 204 };
  },
});

/** Auth.js answers these itself; they are described here for the OpenAPI document. */
const authJs = (definition: Omit<EndpointDefinition, 'tags' | 'access' | 'errors' | 'handle' | 'maintenance'>): EndpointDefinition => ({
  ...definition,
  answeredBy: 'auth.js',
  tags: ['auth'],
  access: 'public',
  maintenance: 'exempt',
  errors: [],
  handle: () => Promise.reject(new Error('documentation only')),
});

export const authJsRoutes: EndpointDefinition[] = [
  authJs({ method: 'GET', path: '/api/auth/session', summary: 'The browser session (contract §3 user info), or null', success: { status: 200, description: 'Session', schema: AuthSessionSchema } }),
  authJs({ method: 'GET', path: '/api/auth/csrf', summary: 'CSRF token for sign-in and sign-out posts (sets its cookie)', success: { status: 200, description: 'Token', schema: CsrfResponseSchema } }),
  authJs({ method: 'GET', path: '/api/auth/providers', summary: 'Configured sign-in providers', success: { status: 200, description: 'Providers', schema: ProvidersResponseSchema } }),
  authJs({
    method: 'POST',
    path: '/api/auth/callback/credentials',
    summary: 'Sign in with email and password (form post; with X-Auth-Return-Redirect: 1 answers JSON)',
    body: CredentialsCallbackBodySchema,
    bodyContentType: 'application/x-www-form-urlencoded',
    success: { status: 302, description: 'Redirect to callbackUrl, or to /signin?error=CredentialsSignin&code=…', schema: RedirectResponseSchema },
  }),
  authJs({
    method: 'POST',
    path: '/api/auth/signout',
    summary: 'Sign out (clears the session cookie)',
    body: SignOutBodySchema,
    bodyContentType: 'application/x-www-form-urlencoded',
    success: { status: 302, description: 'Redirect to callbackUrl', schema: RedirectResponseSchema },
  }),
];

async function handleAuth(context: APIContext): Promise<Response> {
  if (context.url.pathname.replace(/\/$/, '').endsWith('/_log')) return clientLog(context);
  // Auth.js sees a copy of the request carrying the real client address for the sign-in throttle.
  const headers = new Headers(context.request.headers);
  headers.set(CLIENT_IP_HEADER, clientAddressOf(context.request, context.clientAddress));
  const request = new Request(context.request, { headers });
  return Auth(request, authConfig);
}

export const GET = handleAuth;
export const POST = handleAuth;
