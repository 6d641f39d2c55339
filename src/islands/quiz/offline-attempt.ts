/**
 * An attempt answered without a connection (issue 34, ADR 038): started on
 * this device from the quiz's downloaded read, kept in this browser's storage
 * under the quiz and its owner's user id (someone else signing in on the same
 * phone never sees or sends it), and replayed once when the connection
 * returns: the server starts the attempt then, the answers go in the order
 * they were given, then the submit if the student submitted offline. Every
 * step is written down before the next, so a reload or a second tab in the
 * middle goes on from where the first stopped instead of starting over. What
 * the server refuses (the quiz closed meanwhile, no attempt left) stays here,
 * with the answers, until the student has read it.
 */
import type { Answer, TakingQuestion } from '~/lib/shared/schemas/quizzes';
import type { KeyValueStorage } from '~/lib/client/storage';
import { isTransientFailure, readApiProblem } from '~/lib/client/api-problem';
import type { QueuedAnswer } from './answer-queue';

export interface OfflineAttempt {
  quizId: number;
  /** Whose it is: only this person sees it and sends it. */
  userId: number;
  /** When the student began it on this device (the server's attempt starts when the connection returns). */
  startedAt: string;
  /** The questions of the downloaded read, as shown. */
  questions: TakingQuestion[];
  /** The last answer to each question, in the order given (a newer one goes to the back). */
  answers: QueuedAnswer[];
  /** The `clientSavedAt` of each question's answer the server has acknowledged. */
  acknowledged: Record<number, string>;
  /** The student submitted offline: the submit goes after the answers. */
  submitted: boolean;
  /** The server's attempt, once started on return (never started twice). */
  serverAttemptId: number | null;
  /** What the server refused, in the caller's language (the answers stay to be read). */
  conflict: string | null;
}

const KEY_PREFIX = 'quizOfflineAttempt:';
const keyOf = (quizId: number, userId: number) => `${KEY_PREFIX}${quizId}:${userId}`;

const isOfflineAttempt = (value: unknown): value is OfflineAttempt =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as OfflineAttempt).quizId) &&
  Number.isInteger((value as OfflineAttempt).userId) &&
  Array.isArray((value as OfflineAttempt).questions) &&
  Array.isArray((value as OfflineAttempt).answers);

/** This person's offline attempt at a quiz, if this browser holds one (another person's is never read). */
export function readOfflineAttempt(storage: KeyValueStorage, quizId: number, userId: number): OfflineAttempt | null {
  try {
    const parsed = JSON.parse(storage.getItem(keyOf(quizId, userId)) ?? 'null') as unknown;
    return isOfflineAttempt(parsed) && parsed.userId === userId && parsed.quizId === quizId ? parsed : null;
  } catch {
    return null;
  }
}

function writeOfflineAttempt(storage: KeyValueStorage, attempt: OfflineAttempt): OfflineAttempt {
  storage.setItem(keyOf(attempt.quizId, attempt.userId), JSON.stringify(attempt));
  return attempt;
}

/** Forgets an offline attempt (sent, or its conflict read). */
export function forgetOfflineAttempt(storage: KeyValueStorage, quizId: number, userId: number): void {
  storage.removeItem(keyOf(quizId, userId));
}

/** Begins an offline attempt with the downloaded questions (or returns the one this person already has). */
export function createOfflineAttempt(storage: KeyValueStorage, quizId: number, userId: number, questions: TakingQuestion[], now = new Date()): OfflineAttempt {
  return (
    readOfflineAttempt(storage, quizId, userId) ??
    writeOfflineAttempt(storage, { quizId, userId, startedAt: now.toISOString(), questions, answers: [], acknowledged: {}, submitted: false, serverAttemptId: null, conflict: null })
  );
}

/** Whether the student may still change answers: not once submitted, nor after a conflict. */
export const isAnswerable = (attempt: OfflineAttempt) => !attempt.submitted && attempt.conflict === null;

/** Keeps an answer at the back of the line, replacing the older answer to its question. Refused (unchanged) once submitted or in conflict. */
export function giveOfflineAnswer(storage: KeyValueStorage, quizId: number, userId: number, answer: Answer, now = new Date()): OfflineAttempt | null {
  const attempt = readOfflineAttempt(storage, quizId, userId);
  if (!attempt || !isAnswerable(attempt)) return attempt;
  const answers = [...attempt.answers.filter((given) => given.questionId !== answer.questionId), { ...answer, clientSavedAt: now.toISOString() }];
  return writeOfflineAttempt(storage, { ...attempt, answers });
}

/** The student submits offline: the submit waits for the connection, after the answers. */
export function submitOfflineAttempt(storage: KeyValueStorage, quizId: number, userId: number): OfflineAttempt | null {
  const attempt = readOfflineAttempt(storage, quizId, userId);
  if (!attempt || !isAnswerable(attempt)) return attempt;
  return writeOfflineAttempt(storage, { ...attempt, submitted: true });
}

/** The answers the server has not acknowledged yet, in the order they were given. */
export const pendingAnswers = (attempt: OfflineAttempt): QueuedAnswer[] =>
  attempt.answers.filter((answer) => attempt.acknowledged[answer.questionId] !== answer.clientSavedAt);

/** What replaying needs of the server (quiz-player.ts's calls; a test passes its own). */
export interface ReplayCalls {
  start(quizId: number): Promise<{ attempt: { id: number } }>;
  save(quizId: number, attemptId: number, answer: QueuedAnswer): Promise<unknown>;
  complete(quizId: number, attemptId: number): Promise<unknown>;
}

export type ReplayOutcome =
  /** Nothing of it is left to send: `submitted` says whether the server has the submit too. */
  | { kind: 'sent'; attemptId: number; submitted: boolean }
  /** The server refused it for good: the message, and the attempt kept to show the answers. */
  | { kind: 'conflict'; message: string; attempt: OfflineAttempt }
  /** The network (or the server, for now) failed: it stays as it is, to be tried again. */
  | { kind: 'waiting' }
  /** There is nothing to send (sent by another tab, or never begun). */
  | { kind: 'none' };

/** The failures that are worth trying again later: no answer, a server failure, an expired session the shell renews. */
const isRetryable = (failure: unknown) => isTransientFailure(failure) || (failure instanceof Response && failure.status === 401);

/** Replays running in this page, by key: a second call while one runs waits for it instead of sending again. */
const running = new Map<string, Promise<ReplayOutcome>>();

/**
 * Sends an offline attempt to the server once: starts it (unless a replay
 * already did), saves each answer not yet acknowledged in order, submits it
 * if the student did, then forgets it. Each step is recorded in storage
 * before the next, and every step re-reads storage first, so a reload, or a
 * second tab (which waits on a Web Lock where the browser has them), carries
 * on from the last recorded step. `fallback` is the message when the server's
 * refusal says nothing readable.
 */
export function replayOfflineAttempt(storage: KeyValueStorage, quizId: number, userId: number, calls: ReplayCalls, fallback: string): Promise<ReplayOutcome> {
  const key = keyOf(quizId, userId);
  const already = running.get(key);
  if (already) return already;
  const run = async () => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks
      ? ((await locks.request(key, () => replaySteps(storage, quizId, userId, calls, fallback))) as ReplayOutcome)
      : replaySteps(storage, quizId, userId, calls, fallback);
  };
  const promise = run().finally(() => running.delete(key));
  running.set(key, promise);
  return promise;
}

async function recordConflict(storage: KeyValueStorage, attempt: OfflineAttempt, failure: unknown, fallback: string): Promise<ReplayOutcome> {
  const message = (await readApiProblem(failure, fallback)).message;
  return { kind: 'conflict', message, attempt: writeOfflineAttempt(storage, { ...attempt, conflict: message }) };
}

async function replaySteps(storage: KeyValueStorage, quizId: number, userId: number, calls: ReplayCalls, fallback: string): Promise<ReplayOutcome> {
  let attempt = readOfflineAttempt(storage, quizId, userId);
  if (!attempt) return { kind: 'none' };
  if (attempt.conflict !== null) return { kind: 'conflict', message: attempt.conflict, attempt };

  if (attempt.serverAttemptId === null) {
    try {
      const started = await calls.start(quizId);
      // Another tab may have recorded it meanwhile (the server resumes the same open attempt for both).
      attempt = { ...(readOfflineAttempt(storage, quizId, userId) ?? attempt), serverAttemptId: started.attempt.id };
      writeOfflineAttempt(storage, attempt);
    } catch (failure) {
      if (isRetryable(failure)) return { kind: 'waiting' };
      return recordConflict(storage, attempt, failure, fallback);
    }
  }
  const attemptId = attempt.serverAttemptId!;

  for (;;) {
    attempt = readOfflineAttempt(storage, quizId, userId);
    if (!attempt) return { kind: 'none' };
    const head = pendingAnswers(attempt)[0];
    if (!head) break;
    try {
      await calls.save(quizId, attemptId, head);
    } catch (failure) {
      if (isRetryable(failure)) return { kind: 'waiting' };
      // Refused for good: the attempt closed meanwhile (409), or the question changed. Nothing more is sent; the
      // answers stay to be read (an attempt still open on the server is resumed online once this is dismissed).
      return recordConflict(storage, attempt, failure, fallback);
    }
    const latest = readOfflineAttempt(storage, quizId, userId) ?? attempt;
    writeOfflineAttempt(storage, { ...latest, acknowledged: { ...latest.acknowledged, [head.questionId]: head.clientSavedAt } });
  }

  if (attempt.submitted) {
    try {
      await calls.complete(quizId, attemptId);
    } catch (failure) {
      if (isRetryable(failure)) return { kind: 'waiting' };
      // Already closed (time ran out elsewhere, submitted from another device): the answers are there; the submit is moot.
      if (!(failure instanceof Response && failure.status === 409)) return recordConflict(storage, attempt, failure, fallback);
    }
  }
  forgetOfflineAttempt(storage, quizId, userId);
  return { kind: 'sent', attemptId, submitted: attempt.submitted };
}
