/**
 * Auth.js (auth-astro) configuration: a Credentials provider backed by the
 * login service, the JWT strategy, and a `jwt` callback that refreshes the
 * access token when it is within TOKEN_EXPIRY_WINDOW_S of expiry.
 * Secrets are read from process.env at run time, never baked into the build.
 */
import type { AuthConfig, Session } from '@auth/core/types';
import { encode, type JWT } from '@auth/core/jwt';
import Credentials from '@auth/core/providers/credentials';
import { CredentialsSignin } from '@auth/core/errors';
import { TOKEN_EXPIRY_WINDOW_S } from '~/lib/shared/constants';
import { isAppError } from '~/lib/shared/errors';
import { LoginBodySchema, type SessionUser, type UserSummary } from '~/lib/shared/schemas/auth';
import { getConfig } from '~/lib/server/config';
import { log } from '~/lib/server/log';
import { loginWithPassword } from './login';
import { rotateRefreshToken } from './refresh';
import { readTokenExpiry } from './tokens';

/** Set by our auth route from the socket address; any client-sent value is overwritten. */
export const CLIENT_IP_HEADER = 'x-senda-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const REFRESH_ERROR = 'RefreshAccessTokenError';

/** What the encrypted session cookie holds. */
export interface SessionToken {
  accessToken: string;
  refreshToken: string;
  accessTokenExpires: number;
  user: UserSummary;
  error?: typeof REFRESH_ERROR;
}

/** The browser session: the contract's user info, and an error when a refresh failed. */
export interface SendaSession {
  user: SessionUser;
  expires: string;
  error?: typeof REFRESH_ERROR;
}

/** Sign-in failures carry a safe code into the /signin?error=CredentialsSignin&code=… redirect. */
class SendaSignInError extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

const toSessionToken = (result: { accessToken: string; refreshToken: string; user: UserSummary }): SessionToken => ({
  accessToken: result.accessToken,
  refreshToken: result.refreshToken,
  accessTokenExpires: readTokenExpiry(result.accessToken) ?? 0,
  user: result.user,
});

/** The contract's session user info (§3) from the session token. */
export function toSessionUser(token: SessionToken): SessionUser {
  const { user } = token;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    statusUser: user.status,
    typeUser: user.userType,
    cohorts: user.cohorts,
    statusStudent: user.statusStudent,
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    idUser: user.id,
    idTrainingPath: user.idTrainingPath,
  };
}

// Concurrent page loads can carry the same expiring cookie; they share one
// rotation (and its result for a short while), so a refresh never looks like
// a reuse to the rotation check.
const REFRESH_RESULT_TTL_MS = 30_000;
const inflightRefreshes = new Map<string, Promise<SessionToken>>();

function refreshOnce(refreshToken: string): Promise<SessionToken> {
  let pending = inflightRefreshes.get(refreshToken);
  if (!pending) {
    pending = rotateRefreshToken(refreshToken).then(toSessionToken);
    inflightRefreshes.set(refreshToken, pending);
    const forget = () => setTimeout(() => inflightRefreshes.delete(refreshToken), REFRESH_RESULT_TTL_MS).unref();
    pending.then(forget, forget);
  }
  return pending;
}

/** Rotates the session's tokens; a failure marks the session with REFRESH_ERROR (and is logged). */
export async function refreshSessionToken(token: SessionToken): Promise<SessionToken> {
  try {
    return await refreshOnce(token.refreshToken);
  } catch (error) {
    log.warn({ event: 'session_refresh_failed', userId: token.user?.id, code: isAppError(error) ? error.code : 'unknown' }, 'session refresh failed');
    return { ...token, error: REFRESH_ERROR };
  }
}

/** True when the access token is within the expiry window. */
export const isNearExpiry = (token: Pick<SessionToken, 'accessTokenExpires'>, nowS = Date.now() / 1000): boolean =>
  nowS >= token.accessTokenExpires - TOKEN_EXPIRY_WINDOW_S;

/** Builds the Auth.js configuration (read at run time). */
export function buildAuthConfig(): AuthConfig {
  return {
    basePath: AUTH_BASE_PATH,
    get secret() {
      return process.env.AUTH_SECRET;
    },
    trustHost: process.env.AUTH_TRUST_HOST !== 'false',
    session: { strategy: 'jwt', maxAge: getConfig().REFRESH_TOKEN_TTL_S },
    pages: { signIn: '/signin', error: '/error' },
    providers: [
      Credentials({
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        async authorize(credentials, request) {
          const parsed = LoginBodySchema.safeParse(credentials);
          if (!parsed.success) throw new SendaSignInError('credentials');
          try {
            const ip = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
            const result = await loginWithPassword({ ...parsed.data, ip });
            // Auth.js hands this object to the jwt callback as `user`.
            return { id: String(result.user.id), email: result.user.email, name: result.user.name, senda: toSessionToken(result) };
          } catch (error) {
            if (isAppError(error)) throw new SendaSignInError(error.code === 'invalid_credentials' ? 'credentials' : error.code);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger }) {
        const current = token as unknown as SessionToken & JWT;
        if (user) return { sub: user.id, ...(user as { senda: SessionToken }).senda } as unknown as JWT;
        if (current.error || !current.refreshToken) return token;
        // `update` (after accepting the terms) rotates too, so the new claims arrive at once.
        if (trigger === 'update' || isNearExpiry(current)) {
          return { sub: token.sub, ...(await refreshSessionToken(current)) } as unknown as JWT;
        }
        return token;
      },
      session({ session, token }) {
        const current = token as unknown as SessionToken;
        const result: SendaSession = { user: toSessionUser(current), expires: session.expires.toString() };
        if (current.error) result.error = current.error;
        return result as unknown as Session;
      },
    },
    logger: {
      error: (error) => log.error({ err: error }, 'auth.js error'),
      warn: (code) => log.warn({ code }, 'auth.js warning'),
      debug: () => {},
    },
  };
}

/** Auth.js's session cookie: the `__Secure-` one over HTTPS. */
export const SESSION_COOKIE_NAMES = { secure: '__Secure-authjs.session-token', plain: 'authjs.session-token' } as const;

/** A cookie above this would be split by Auth.js; a server-side sign-in gives up instead (the person signs in by hand). */
const SESSION_COOKIE_MAX_BYTES = 3_800;

/**
 * Signs a person in on the server (a visitor who just chose their password
 * from the sign-up e-mail): the credentials provider's own login, and the
 * session cookie Auth.js would set after it — the token the `jwt` callback
 * writes, encrypted as Auth.js does — so every later request reads it as any
 * sign-in's. Answers the Set-Cookie header, or null when the sign-in fails or
 * the cookie would be too large (the person then signs in on /signin).
 */
export async function signInCookie(credentials: { email: string; password: string; ip: string }, request: Request): Promise<string | null> {
  const secret = process.env.AUTH_SECRET;
  if (!secret) return null;
  const result = await loginWithPassword(credentials).catch(() => null);
  if (!result) return null;
  // As Auth.js decides: the forwarded protocol when the host is trusted, else the request's own.
  const forwarded = process.env.AUTH_TRUST_HOST !== 'false' ? request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const secure = (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
  const name = secure ? SESSION_COOKIE_NAMES.secure : SESSION_COOKIE_NAMES.plain;
  const maxAge = getConfig().REFRESH_TOKEN_TTL_S;
  const value = await encode({ token: { sub: String(result.user.id), ...toSessionToken(result) } as unknown as JWT, secret, salt: name, maxAge });
  if (value.length > SESSION_COOKIE_MAX_BYTES) return null;
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
