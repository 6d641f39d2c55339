import { lt, sql } from 'drizzle-orm';
import { getConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { authThrottle, refreshTokens } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { RECOVERY_WINDOW_S } from './throttle';

/** Deletes refresh tokens past their absolute expiry and sign-in and recovery counters past their window (hourly job); answers how many of each. */
export async function purgeExpiredSessions(now = new Date()): Promise<{ refreshTokens: number; throttles: number }> {
  const db = await getDb();
  const tokens = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.id });
  const windowStart = new Date(now.getTime() - Math.max(getConfig().LOGIN_FAILURE_WINDOW_S, RECOVERY_WINDOW_S) * 1000);
  const throttles = await db
    .delete(authThrottle)
    .where(sql`${authThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`)
    .returning({ key: authThrottle.key });
  log.info({ event: 'sessions_purged', refreshTokens: tokens.length, throttles: throttles.length }, 'expired sessions purged');
  return { refreshTokens: tokens.length, throttles: throttles.length };
}
