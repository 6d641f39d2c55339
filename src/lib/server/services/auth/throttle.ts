import { inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { getConfig } from '../../config';
import { getDb } from '../../db/client';
import { authThrottle } from '../../db/schema';

/** The counters a sign-in attempt is charged to: the account and the address it came from. */
export function loginThrottleKeys(email: string, ip: string): { account: string; address: string } {
  return { account: `login:account:${email.trim().toLowerCase()}`, address: `login:ip:${ip}` };
}

/** Throws 429 (with Retry-After) while the account or the address has too many recent failures. */
export async function requireLoginAllowed(keys: { account: string; address: string }, now = new Date()): Promise<void> {
  const config = getConfig();
  const db = await getDb();
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, [keys.account, keys.address]));
  const windowMs = config.LOGIN_FAILURE_WINDOW_S * 1000;
  for (const row of rows) {
    const limit = row.key === keys.account ? config.LOGIN_MAX_FAILURES_PER_ACCOUNT : config.LOGIN_MAX_FAILURES_PER_IP;
    const endsAt = row.windowStartedAt.getTime() + windowMs;
    if (endsAt > now.getTime() && row.failures >= limit) {
      const seconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
      throw new AppError('rate_limited', { params: { seconds }, headers: { 'Retry-After': String(seconds) } });
    }
  }
}

/** Counts one failed attempt against both keys, starting a new window when the old one ended. */
export async function recordLoginFailure(keys: { account: string; address: string }, now = new Date()): Promise<void> {
  const db = await getDb();
  const windowStart = new Date(now.getTime() - getConfig().LOGIN_FAILURE_WINDOW_S * 1000);
  const expired = sql`${authThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  await db
    .insert(authThrottle)
    .values([keys.account, keys.address].map((key) => ({ key, windowStartedAt: now, failures: 1 })))
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${authThrottle.windowStartedAt} end`,
      },
    });
}

/** A successful sign-in clears the account's counter (the address keeps its own). */
export async function clearLoginFailures(accountKey: string): Promise<void> {
  const db = await getDb();
  await db.delete(authThrottle).where(inArray(authThrottle.key, [accountKey]));
}
