/**
 * How often the assistant may call the model: AI_MAX_PER_USER_HOUR calls per
 * person who asks and AI_MAX_PER_SITE_HOUR for the whole site, counted in
 * the database (the sign-in throttle's counters, so every app server shares
 * them; the hourly session purge clears old ones). Only real calls count: a
 * cached answer costs nothing. The check and the count are two statements,
 * so a burst of simultaneous calls may pass a limit by a few; the limits
 * bound cost and abuse, not an exact budget.
 */
import { AppError } from '~/lib/shared/errors';
import { getConfig } from '~/lib/server/config';
import { rateLimitedUntil, readAttemptCounts, recordAttempts } from '~/lib/server/services/auth/throttle';

const MODEL_WINDOW_MS = 60 * 60 * 1000;
const SITE_KEY = 'ai:site';
const userKeyOf = (userId: number) => `ai:user:${userId}`;

/** Null while both limits allow another call by this person; else the 429 that says when to come back. */
export async function findModelLimit(userId: number, now = new Date()): Promise<AppError | null> {
  const config = getConfig();
  const userKey = userKeyOf(userId);
  const counts = await readAttemptCounts([userKey, SITE_KEY], MODEL_WINDOW_MS, now);
  const limits: [string, number][] = [
    [userKey, config.AI_MAX_PER_USER_HOUR],
    [SITE_KEY, config.AI_MAX_PER_SITE_HOUR],
  ];
  for (const [key, limit] of limits) {
    const counter = counts.get(key);
    // A limit of 0 allows nothing, with or without a counter yet.
    if ((counter?.count ?? 0) >= limit) return counter ? rateLimitedUntil(counter.endsAt, now) : new AppError('rate_limited', { params: { count: MODEL_WINDOW_MS / 1000 }, headers: { 'Retry-After': String(MODEL_WINDOW_MS / 1000) } });
  }
  return null;
}

/** Counts one model call against the person and the site. */
export async function recordModelCall(userId: number, now = new Date()): Promise<void> {
  await recordAttempts([userKeyOf(userId), SITE_KEY], MODEL_WINDOW_MS, now);
}
