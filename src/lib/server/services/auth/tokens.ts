import { createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { AccessTokenClaimsSchema, type AccessTokenClaims } from '~/lib/shared/schemas/auth';
import { requireAuthSecret } from '~/lib/server/config';

/** Only this algorithm is accepted, whatever a token's header says. */
const ACCESS_TOKEN_ALGORITHM = 'HS256';
const REFRESH_TOKEN_BYTES = 32;

let keyCache: { secret: string; key: Promise<CryptoKey> } | null = null;

/**
 * A key of its own for access tokens, derived from AUTH_SECRET (Auth.js
 * derives its own), imported into WebCrypto once: given raw bytes, jose
 * imports them again on every signature and every check.
 */
function getAccessTokenKey(): Promise<CryptoKey> {
  const secret = requireAuthSecret();
  if (keyCache?.secret !== secret) {
    const raw = new Uint8Array(hkdfSync('sha256', secret, 'senda', 'senda access token v1', 32));
    keyCache = { secret, key: crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) };
  }
  return keyCache.key;
}

export type AccessTokenInput = Omit<AccessTokenClaims, 'token_type' | 'exp' | 'iat' | 'jti'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The sign-in (refresh-token family) an access token belongs to. It rides in
 * the contract's `jti` (`<family>.<random>`), so the claims stay exactly the
 * contract's and a revoked sign-in can refuse its access tokens at once.
 */
export function sessionIdOf(jti: string): string | null {
  const [family, own, ...rest] = jti.split('.');
  return family && own && rest.length === 0 && UUID.test(family) ? family : null;
}

/** The sign-in of an access token this server signed (from the session cookie), without verifying it again. */
export function sessionIdOfToken(token: string): string | null {
  const { jti } = readUnverifiedClaims(token);
  return typeof jti === 'string' ? sessionIdOf(jti) : null;
}

/** Signs an access token with exactly the contract's claims; `sessionId` is the sign-in it belongs to (tokens issued at sign-in always have one). */
export async function signAccessToken(input: AccessTokenInput, ttlSeconds: number, nowS = Math.floor(Date.now() / 1000), sessionId?: string): Promise<string> {
  const claims = {
    id: input.id,
    email: input.email,
    status: input.status,
    cohorts: input.cohorts.map(({ id, status, role_id }) => ({ id, status, role_id })),
    userType: input.userType,
    idStudent: input.idStudent,
    firstName: input.firstName,
    lastName: input.lastName,
    token_type: 'access',
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + ttlSeconds)
    .setJti(sessionId ? `${sessionId}.${randomUUID()}` : randomUUID())
    .sign(await getAccessTokenKey());
}

/** Verifies an access token's signature, algorithm, expiry and claims; null when any fails. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await getAccessTokenKey(), { algorithms: [ACCESS_TOKEN_ALGORITHM] });
    const parsed = AccessTokenClaimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The claims of a token this server signed, read without verifying it again (empty when unreadable). */
function readUnverifiedClaims(token: string): Record<string, unknown> {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads the expiry of a token this server signed, without verifying it. */
export function readTokenExpiry(token: string): number | null {
  const { exp } = readUnverifiedClaims(token);
  return typeof exp === 'number' ? exp : null;
}

/** A new opaque refresh token. */
export function generateRefreshToken(): string {
  return randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
}

/** Refresh tokens are stored only as this hash. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
