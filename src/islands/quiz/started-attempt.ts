/**
 * The attempt the server started (or resumed) for this person, as it
 * answered, kept in this browser (issue 34): a page reloaded without a
 * connection resumes it from here. Its clock stays the server's: the offset
 * between the server's and this device's clocks at that answer is kept, so
 * a timed attempt's remaining time still counts to the server's deadline.
 */
import type { StartAttemptResult } from '~/lib/shared/schemas/quizzes';
import type { KeyValueStorage } from '~/lib/client/storage';

interface KeptStart {
  userId: number;
  taking: StartAttemptResult;
  /** This device's clock when the server answered. */
  receivedAt: number;
}

const keyOf = (quizId: number, userId: number) => `quizStartedAttempt:${quizId}:${userId}`;

/** Keeps what the server answered to a start (never fails: without storage, a reload offline just cannot resume). */
export function keepStartedAttempt(storage: KeyValueStorage, quizId: number, userId: number, taking: StartAttemptResult, now = Date.now()): void {
  try {
    storage.setItem(keyOf(quizId, userId), JSON.stringify({ userId, taking, receivedAt: now } satisfies KeptStart));
  } catch {
    // Storage full or refused: the attempt still goes on online.
  }
}

/**
 * This person's kept attempt at a quiz, with `serverNow` moved on by the time
 * passed on this device since (so the countdown reads the server's clock).
 */
export function readStartedAttempt(storage: KeyValueStorage, quizId: number, userId: number, now = Date.now()): StartAttemptResult | null {
  try {
    const kept = JSON.parse(storage.getItem(keyOf(quizId, userId)) ?? 'null') as KeptStart | null;
    if (!kept || kept.userId !== userId || !kept.taking?.attempt || !Array.isArray(kept.taking.questions)) return null;
    const serverNow = new Date(Date.parse(kept.taking.serverNow) + (now - kept.receivedAt)).toISOString();
    return { ...kept.taking, serverNow };
  } catch {
    return null;
  }
}

/** Forgets it (the attempt closed). */
export function forgetStartedAttempt(storage: KeyValueStorage, quizId: number, userId: number): void {
  storage.removeItem(keyOf(quizId, userId));
}
