import { and, eq, isNull } from 'drizzle-orm';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { refreshTokens, users } from '~/lib/server/db/schema';

/**
 * Whether each sign-in (a refresh-token family) is still live, by family id.
 * Every change to a family's tokens (rotation, sign-out, revocation, a reused
 * token revoking the family) drops its entry on every server, so a revoked
 * session's access token stops working at once, wherever it is sent.
 */
const cache = defineCache<string, boolean>({
  ttlMs: 10 * 60_000,
  max: 100_000,
  invalidatedBy: { refresh_tokens: (keys) => (keys.family_id ?? []).map(String) },
});

/** True while the sign-in has a token that was not revoked (cached; a revocation is heard at once). */
export function isSessionLive(sessionId: string): Promise<boolean> {
  return cache.getOrLoad(sessionId, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    return row !== undefined;
  });
}

/** Whether each account is ACTIVE and not anonymised, by user id; any change to the user's row drops its entry on every server. */
const activeAccounts = defineCache<number, boolean>({
  ttlMs: 10 * 60_000,
  max: 100_000,
  invalidatedBy: { users: (keys) => idsOf(keys, 'id') },
});

/** True while the account may act (ACTIVE, not anonymised); cached, and a deactivation is heard at once. */
export function isAccountActive(userId: number): Promise<boolean> {
  return activeAccounts.getOrLoad(userId, async () => {
    const db = await getDb();
    const [row] = await db.select({ status: users.status, anonymizedAt: users.anonymizedAt }).from(users).where(eq(users.id, userId));
    return row !== undefined && row.status === 'ACTIVE' && row.anonymizedAt === null;
  });
}
