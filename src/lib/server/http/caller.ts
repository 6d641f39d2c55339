import { AppError } from '~/lib/shared/errors';
import type { Caller } from '~/lib/server/access/permissions';
import { sessionIdOf, verifyAccessToken } from '~/lib/server/services/auth/tokens';
import { isSessionLive } from '~/lib/server/services/auth/live-sessions';

/** The access token of a request: `Authorization: Bearer …`, or the contract's plain `token` header. */
export function readAccessToken(request: Request): string | null {
  const authorization = request.headers.get('authorization');
  if (authorization) {
    const [scheme, value] = authorization.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value) return value.trim();
    return authorization.trim() || null;
  }
  return request.headers.get('token')?.trim() || null;
}

/** The verified caller, null when no token is sent; a bad or expired token, or one of a revoked sign-in, is a 401. */
export async function authenticateRequest(request: Request): Promise<Caller | null> {
  const token = readAccessToken(request);
  if (!token) return null;
  const claims = await verifyAccessToken(token);
  if (!claims) throw new AppError('invalid_token');
  const sessionId = sessionIdOf(claims.jti);
  if (sessionId && !(await isSessionLive(sessionId))) throw new AppError('invalid_token');
  return { id: claims.id, email: claims.email, userType: claims.userType, cohorts: claims.cohorts };
}
