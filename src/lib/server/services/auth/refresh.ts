import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { TokenPair, UserSummary } from '~/lib/shared/schemas/auth';
import { hashRefreshToken } from './tokens';
import { getDb } from '~/lib/server/db/client';
import { refreshTokens } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { getUserSummary } from '~/lib/server/services/users';
import { issueTokenPair } from './issue-tokens';
import { revokeFamily } from './logout';

/**
 * Exchanges a refresh token for a new pair. Every use rotates the token; a
 * token that was already rotated or revoked is a reuse, which revokes its
 * whole family (a stolen token then stops working for the thief too).
 */
export async function rotateRefreshToken(refreshToken: string, now = new Date()): Promise<TokenPair & { user: UserSummary }> {
  const db = await getDb();
  const tokenHash = hashRefreshToken(refreshToken);
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row) throw new AppError('refresh_token_invalid');

  if (row.usedAt || row.revokedAt) {
    const revoked = await revokeFamily(row.familyId, now);
    log.warn({ event: 'refresh_token_reuse', userId: row.userId, familyId: row.familyId, revoked }, 'refresh token reused: family revoked');
    throw new AppError('refresh_token_reused');
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('refresh_token_invalid');

  return db.transaction(async (tx) => {
    // Only one of two concurrent uses can mark the row; the other is a reuse.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) throw new AppError('refresh_token_reused');
    const user = await getUserSummary(row.userId, tx);
    if (!user || user.status !== 'ACTIVE') throw new AppError('refresh_token_invalid');
    const pair = await issueTokenPair(tx, user, { id: row.familyId, expiresAt: row.expiresAt });
    return { ...pair, user };
  });
}
