/**
 * The answers of an attempt not yet acknowledged by the server, in this
 * browser's storage: written before anything is sent, so a reload, a closed
 * tab or a dropped connection loses nothing, and sent in the order they were
 * given. A newer answer to a question replaces its older one in the queue
 * (only the last one matters, and it goes to the back of the line).
 */
import type { Answer } from '~/lib/shared/schemas/quizzes';
import type { KeyValueStorage } from '~/lib/client/storage';

export type QueuedAnswer = Answer & { clientSavedAt: string };

const KEY_PREFIX = 'quizAnswerQueue:';
const keyOf = (attemptId: number) => `${KEY_PREFIX}${attemptId}`;

const isQueuedAnswer = (value: unknown): value is QueuedAnswer =>
  typeof value === 'object' && value !== null && Number.isInteger((value as QueuedAnswer).questionId) && typeof (value as QueuedAnswer).clientSavedAt === 'string';

/** The queued answers of an attempt, oldest first (nothing, if storage holds something unreadable). */
export function readQueue(storage: KeyValueStorage, attemptId: number): QueuedAnswer[] {
  try {
    const parsed = JSON.parse(storage.getItem(keyOf(attemptId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isQueuedAnswer) : [];
  } catch {
    return [];
  }
}

function writeQueue(storage: KeyValueStorage, attemptId: number, queue: QueuedAnswer[]): void {
  try {
    if (queue.length === 0) storage.removeItem(keyOf(attemptId));
    else storage.setItem(keyOf(attemptId), JSON.stringify(queue));
  } catch {
    // Storage full or refused (private mode): the answer is still sent from memory.
  }
}

/** Adds an answer at the back, replacing any older answer to the same question. */
export function enqueueAnswer(storage: KeyValueStorage, attemptId: number, answer: QueuedAnswer): QueuedAnswer[] {
  const queue = [...readQueue(storage, attemptId).filter((queued) => queued.questionId !== answer.questionId), answer];
  writeQueue(storage, attemptId, queue);
  return queue;
}

/** Removes an answer once the server acknowledged it (a newer answer to the same question stays queued). */
export function removeAnswer(storage: KeyValueStorage, attemptId: number, answer: QueuedAnswer): QueuedAnswer[] {
  const queue = readQueue(storage, attemptId).filter((queued) => !(queued.questionId === answer.questionId && queued.clientSavedAt === answer.clientSavedAt));
  writeQueue(storage, attemptId, queue);
  return queue;
}

/** Forgets an attempt's queue (it closed: nothing more can be saved). */
export function clearQueue(storage: KeyValueStorage, attemptId: number): void {
  writeQueue(storage, attemptId, []);
}
