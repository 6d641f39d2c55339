import { and, eq, isNull, ne } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { hashRefreshToken } from './tokens';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { refreshTokens } from '~/lib/server/db/schema';

/** Revokes every live token of a family; returns how many. */
export async function revokeFamily(familyId: string, now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/**
 * Signs a user out: revokes the family of the given refresh token (which must
 * be theirs), or every refresh token they have when none is given.
 */
export async function revokeUserSessions(userId: number, refreshToken?: string): Promise<number> {
  const db = await getDb();
  if (refreshToken) {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
    // Someone else's token is "not found", never a hint that it exists.
    if (!row || row.userId !== userId) throw new AppError('refresh_token_invalid');
    return revokeFamily(row.familyId);
  }
  return revokeAllSessionsOf(db, userId);
}

/**
 * Revokes every sign-in of a user (but `keepFamily`, the caller's own, when
 * given): their access tokens and pages stop working on every server as soon
 * as the change feed reports it. Answers how many tokens were revoked.
 */
export async function revokeAllSessionsOf(db: DbOrTx, userId: number, keepFamily?: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined))
    .returning({ id: refreshTokens.id });
  return rows.length;
}
