import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '~/i18n/islands';
import { isTransientFailure, readApiProblem } from '~/lib/client/api-problem';
import type { Answer } from '~/lib/shared/schemas/quizzes';
import { clearQueue, enqueueAnswer, readQueue, removeAnswer, type QueuedAnswer } from './answer-queue';
import { saveQuizAnswer } from '~/lib/client/api/quiz-player';

/** A question's answer as the player shows it: being sent, acknowledged by the server, waiting in this browser, or refused. */
export type SaveState = { kind: 'saving' } | { kind: 'saved'; savedAt: string } | { kind: 'queued' } | { kind: 'error'; message: string };

/** Retries while the server cannot be reached: 2 s, doubling up to 30 s (and at once when the browser says it is back online). */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;

interface Options {
  quizId: number;
  attemptId: number;
  /** The server says the attempt is closed (time ran out, or submitted elsewhere). */
  onClosed(): void;
  /** The server keeps a newer answer than the one sent (another tab or device): show it. */
  onKept(answer: Answer): void;
}

/**
 * Sends a quiz attempt's answers, one at a time and in order, from a queue in
 * this browser's storage (answer-queue.ts): every answer is written there
 * first, so nothing is lost offline, on a failed save or on a reload. What
 * the network refuses stays queued and is retried; what the server refuses
 * is said beside the question.
 */
export function useAnswerSync({ quizId, attemptId, onClosed, onKept }: Options) {
  const t = useT();
  const [states, setStates] = useState<ReadonlyMap<number, SaveState>>(new Map());
  const [pending, setPending] = useState(0);
  const [offline, setOffline] = useState(false);
  const sending = useRef<Promise<boolean> | null>(null);
  const flushTimer = useRef<number | undefined>(undefined);
  const retryTimer = useRef<number | undefined>(undefined);
  const retryDelay = useRef(RETRY_FIRST_MS);
  const closed = useRef(false);
  const callbacks = useRef({ onClosed, onKept });
  callbacks.current = { onClosed, onKept };

  const storage = typeof window === 'undefined' ? null : window.localStorage;
  const setState = useCallback((questionId: number, state: SaveState) => setStates((current) => new Map(current).set(questionId, state)), []);
  const markQueued = useCallback((queue: readonly QueuedAnswer[]) => {
    setPending(queue.length);
    setStates((current) => {
      const next = new Map(current);
      for (const queued of queue) next.set(queued.questionId, { kind: 'queued' });
      return next;
    });
  }, []);

  /** Sends the queue head first until it is empty (true) or the network fails (false). One run at a time. */
  const flush = useCallback((): Promise<boolean> => {
    if (!storage || closed.current) return Promise.resolve(true);
    if (sending.current) return sending.current;
    window.clearTimeout(flushTimer.current);
    const run = (async () => {
      for (;;) {
        const queue = readQueue(storage, attemptId);
        setPending(queue.length);
        const head = queue[0];
        if (!head) {
          if (navigator.onLine) setOffline(false);
          return true;
        }
        if (!navigator.onLine) {
          setOffline(true);
          markQueued(queue);
          return false;
        }
        setState(head.questionId, { kind: 'saving' });
        try {
          const { clientSavedAt, ...answer } = head;
          const saved = await saveQuizAnswer(quizId, attemptId, { ...answer, clientSavedAt });
          const rest = removeAnswer(storage, attemptId, head);
          retryDelay.current = RETRY_FIRST_MS;
          setOffline(false);
          // A newer answer to the same question is still on its way: its own state will say so.
          if (!rest.some((queued) => queued.questionId === head.questionId)) {
            setState(head.questionId, { kind: 'saved', savedAt: saved.savedAt });
            if (!saved.applied && saved.kept) callbacks.current.onKept(saved.kept);
          }
        } catch (failure) {
          if (failure instanceof Response && failure.status === 409) {
            closed.current = true;
            clearQueue(storage, attemptId);
            setPending(0);
            callbacks.current.onClosed();
            return true;
          }
          // No answer, a server failure or an expired session (the shell renews it): keep it and try again later.
          if (isTransientFailure(failure) || (failure instanceof Response && failure.status === 401)) {
            setOffline(true);
            markQueued(readQueue(storage, attemptId));
            window.clearTimeout(retryTimer.current);
            retryTimer.current = window.setTimeout(() => void flush(), retryDelay.current);
            retryDelay.current = Math.min(retryDelay.current * 2, RETRY_MAX_MS);
            return false;
          }
          // Refused for good (the question is gone, a wrong value): say so and go on with the others.
          removeAnswer(storage, attemptId, head);
          setState(head.questionId, { kind: 'error', message: (await readApiProblem(failure, t('quiz.player.saveFailed'))).message });
        }
      }
    })().finally(() => {
      sending.current = null;
    });
    sending.current = run;
    return run;
  }, [attemptId, markQueued, quizId, setState, storage, t]);

  /** Keeps an answer in this browser at once and sends it after `delayMs` (typing goes on; choices go at once). */
  const give = useCallback(
    (answer: Answer, delayMs = 0) => {
      if (!storage || closed.current) return;
      const queue = enqueueAnswer(storage, attemptId, { ...answer, clientSavedAt: new Date().toISOString() });
      setPending(queue.length);
      setState(answer.questionId, navigator.onLine ? { kind: 'saving' } : { kind: 'queued' });
      window.clearTimeout(flushTimer.current);
      if (delayMs > 0) flushTimer.current = window.setTimeout(() => void flush(), delayMs);
      else void flush();
    },
    [attemptId, flush, setState, storage],
  );

  // Answers left from an earlier visit are sent first; the connection coming back sends what waits.
  useEffect(() => {
    if (!storage) return;
    const queue = readQueue(storage, attemptId);
    if (queue.length > 0) {
      markQueued(queue);
      void flush();
    }
    const onOnline = () => {
      retryDelay.current = RETRY_FIRST_MS;
      void flush();
    };
    const onOffline = () => {
      setOffline(true);
      markQueued(readQueue(storage, attemptId));
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.clearTimeout(flushTimer.current);
      window.clearTimeout(retryTimer.current);
    };
  }, [attemptId, flush, markQueued, storage]);

  return {
    states,
    /** Answers kept in this browser that the server has not acknowledged. */
    pending,
    offline,
    give,
    /** Sends everything now; true once nothing waits. */
    flush,
    /** The answers still waiting (to show them over what the server had). */
    queued: () => (storage ? readQueue(storage, attemptId) : []),
  };
}
