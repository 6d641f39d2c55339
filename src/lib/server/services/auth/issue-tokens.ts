import { randomUUID } from 'node:crypto';
import type { TokenPair, UserSummary } from '~/lib/shared/schemas/auth';
import { generateRefreshToken, hashRefreshToken, signAccessToken } from './tokens';
import { getConfig } from '~/lib/server/config';
import type { DbOrTx } from '~/lib/server/db/client';
import { refreshTokens } from '~/lib/server/db/schema';

/**
 * Signs an access token for the user and stores a new refresh token (hashed).
 * Without a family, a new one starts with a fresh absolute expiry.
 */
export async function issueTokenPair(
  db: DbOrTx,
  user: UserSummary,
  family?: { id: string; expiresAt: Date },
): Promise<TokenPair> {
  const config = getConfig();
  const refreshToken = generateRefreshToken();
  const familyId = family?.id ?? randomUUID();
  const expiresAt = family?.expiresAt ?? new Date(Date.now() + config.REFRESH_TOKEN_TTL_S * 1000);
  await db.insert(refreshTokens).values({ userId: user.id, familyId, tokenHash: hashRefreshToken(refreshToken), expiresAt });
  const accessToken = await signAccessToken(user, config.ACCESS_TOKEN_TTL_S, undefined, familyId);
  return { accessToken, refreshToken };
}
