/**
 * Sign-in throttling. Failures are counted per account and address together,
 * per address, and per account; each counter lives for one window.
 * - An account and address pair past its limit is refused (429): the guesser
 *   at that address is stopped, while the owner, from their own address, still
 *   gets in (a lock per account would let anyone who knows an e-mail lock its
 *   owner out).
 * - An address past its limit is refused whatever the account (one address
 *   guessing many accounts).
 * - An account past the pair limit, counted over all addresses, slows down
 *   every sign-in to it rather than locking it (guessing from many addresses).
 * The counters (readAttemptCounts, recordAttempts) also limit password
 * recovery requests (services/people/recover-password.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { getConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { authThrottle } from '~/lib/server/db/schema';

export interface LoginThrottleKeys {
  account: string;
  pair: string;
  address: string;
}

/** Password recovery requests are counted per hour (services/people/recover-password.ts). */
export const RECOVERY_WINDOW_S = 60 * 60;

/** The slowdown starts at half a second and doubles with each failure past the limit, up to eight seconds. */
const SLOWDOWN_START_MS = 500;
const SLOWDOWN_MAX_MS = 8_000;

/** The counters a sign-in attempt is charged to. */
export function loginThrottleKeys(email: string, ip: string): LoginThrottleKeys {
  const account = `login:account:${email.trim().toLowerCase()}`;
  return { account, pair: `${account}:ip:${ip}`, address: `login:ip:${ip}` };
}

/** How long a sign-in waits when its account has `failures` recent failures from all addresses (0 up to `limit`). */
export function loginSlowdownMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_START_MS * 2 ** (failures - limit));
}

/** A counter's recent count and when its window ends (ms since the epoch), by key; counters past their window are left out. */
export async function readAttemptCounts(keys: readonly string[], windowMs: number, now = new Date()): Promise<Map<string, { count: number; endsAt: number }>> {
  const db = await getDb();
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, [...keys]));
  const counts = new Map<string, { count: number; endsAt: number }>();
  for (const row of rows) {
    const endsAt = row.windowStartedAt.getTime() + windowMs;
    if (endsAt > now.getTime()) counts.set(row.key, { count: row.failures, endsAt });
  }
  return counts;
}

/** Counts one attempt against every key, starting a new window where the old one ended (shared by every app server: the counters live in the database). */
export async function recordAttempts(keys: readonly string[], windowMs: number, now = new Date()): Promise<void> {
  const db = await getDb();
  const windowStart = new Date(now.getTime() - windowMs);
  const expired = sql`${authThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  await db
    .insert(authThrottle)
    .values(keys.map((key) => ({ key, windowStartedAt: now, failures: 1 })))
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${authThrottle.windowStartedAt} end`,
      },
    });
}

/** The 429 for a counter whose window ends at `endsAt`, with Retry-After. */
export function rateLimitedUntil(endsAt: number, now = new Date()): AppError {
  const seconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
  return new AppError('rate_limited', { params: { count: seconds }, headers: { 'Retry-After': String(seconds) } });
}

/**
 * Throws 429 (with Retry-After) while the account and address pair, or the
 * address, has too many recent failures; otherwise answers how long this
 * attempt should be slowed down (loginSlowdownMs).
 */
export async function requireLoginAllowed(keys: LoginThrottleKeys, now = new Date()): Promise<{ slowdownMs: number }> {
  const config = getConfig();
  const counts = await readAttemptCounts([keys.account, keys.pair, keys.address], config.LOGIN_FAILURE_WINDOW_S * 1000, now);
  const limits: [string, number][] = [
    [keys.pair, config.LOGIN_MAX_FAILURES_PER_ACCOUNT],
    [keys.address, config.LOGIN_MAX_FAILURES_PER_IP],
  ];
  for (const [key, limit] of limits) {
    const counter = counts.get(key);
    if (counter && counter.count >= limit) throw rateLimitedUntil(counter.endsAt, now);
  }
  return { slowdownMs: loginSlowdownMs(counts.get(keys.account)?.count ?? 0, config.LOGIN_MAX_FAILURES_PER_ACCOUNT) };
}

/** Counts one failed attempt against every key. */
export async function recordLoginFailure(keys: LoginThrottleKeys, now = new Date()): Promise<void> {
  await recordAttempts([keys.account, keys.pair, keys.address], getConfig().LOGIN_FAILURE_WINDOW_S * 1000, now);
}

/** A successful sign-in clears its pair's counter; the account and the address keep theirs until their window ends. */
export async function clearLoginFailures(keys: LoginThrottleKeys): Promise<void> {
  const db = await getDb();
  await db.delete(authThrottle).where(inArray(authThrottle.key, [keys.pair]));
}
