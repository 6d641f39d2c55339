import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '~/i18n/islands';
import { isTransientFailure, readApiProblem } from '~/lib/client/api-problem';
import { sendRollCall } from '~/lib/client/api/attendance';
import { ROLL_CALL_MAX_MARKS, type AttendanceStatus } from '~/lib/shared/attendance';
import type { RosterRow } from '~/lib/shared/schemas/attendance';
import {
  acknowledgeMarks,
  discardOutboxMarks,
  dropDraftMark,
  keptInMemoryToo,
  newMarkId,
  putDraftMark,
  readRollCallQueue,
  submitDraft,
  type QueuedMark,
  type RollCallQueue,
} from './roll-call-queue';

/** How the marks' trip to the server goes, as the save bar says it. */
export type SyncState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  /** Kept on this device: no connection (`offline`) or the server did not answer; sent again by itself. */
  | { kind: 'queued'; offline: boolean }
  | { kind: 'saved'; changed: number }
  /** The server refused them (4xx): its message, each refused student's message, and the reason's. */
  | { kind: 'refused'; message: string; marks: { userId: number; message: string }[]; reasonError: string | null };

/** While the server cannot be reached: again after 2 s, doubling up to 30 s (and at once when the browser is back online). */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;
const MARK_FIELD = /^marks\.(\d+)\.userId$/;

interface Options {
  sessionId: number;
  /** The signed-in user: their queue only. */
  userId: number;
  /** The server's roster after the marks were applied. */
  onSaved(roster: RosterRow[]): void;
}

const EMPTY: RollCallQueue = { draft: [], outbox: [], reason: '' };
const bodyOf = ({ userId, status, markId, markedAt }: QueuedMark) => ({ userId, status, markId, markedAt });

/**
 * A roll call's marks, from the tap to the server's 2xx: every tap is kept on
 * this device first (roll-call-queue.ts), saving moves them to the outbox,
 * and the outbox goes in as few PUTs as fit (one for any cohort), again and
 * again until the server answers: on the `online` event, on a timer after a
 * server failure, and on the next visit. A refusal (4xx) stays queued and
 * is shown with the server's words, until the tutor fixes or drops it.
 */
export function useRollCallSync({ sessionId, userId, onSaved }: Options) {
  const t = useT();
  const storage = useMemo(() => (typeof window === 'undefined' ? null : keptInMemoryToo(window.localStorage)), []);
  const owner = useMemo(() => ({ userId, sessionId }), [userId, sessionId]);
  // The first render matches the server's (no storage there); the device's queue shows right after.
  const [queue, setQueue] = useState<RollCallQueue>(EMPTY);
  const [sync, setSync] = useState<SyncState>({ kind: 'idle' });
  const sending = useRef<Promise<boolean> | null>(null);
  const retryTimer = useRef<number | undefined>(undefined);
  const retryDelay = useRef(RETRY_FIRST_MS);
  const savedCallback = useRef(onSaved);
  savedCallback.current = onSaved;

  /** Sends the outbox, a chunk at a time, until it is empty (true) or a send fails (false). One run at a time. */
  const flush = useCallback((): Promise<boolean> => {
    if (!storage) return Promise.resolve(true);
    if (sending.current) return sending.current;
    window.clearTimeout(retryTimer.current);
    const run = (async () => {
      let changed = 0;
      let roster: RosterRow[] | null = null;
      for (;;) {
        const current = readRollCallQueue(storage, owner);
        setQueue(current);
        const chunk = current.outbox.slice(0, ROLL_CALL_MAX_MARKS);
        if (chunk.length === 0) {
          if (roster) {
            setSync({ kind: 'saved', changed });
            savedCallback.current(roster);
          }
          return true;
        }
        if (!navigator.onLine) {
          setSync({ kind: 'queued', offline: true });
          return false;
        }
        setSync({ kind: 'sending' });
        try {
          const result = await sendRollCall(sessionId, chunk.map(bodyOf), current.reason || undefined);
          setQueue(acknowledgeMarks(storage, owner, chunk));
          retryDelay.current = RETRY_FIRST_MS;
          changed += result.changed;
          roster = result.roster;
        } catch (failure) {
          if (roster) savedCallback.current(roster);
          // No answer, a server failure or an expired session (the shell renews it): keep them and try again.
          if (isTransientFailure(failure) || (failure instanceof Response && failure.status === 401)) {
            setSync({ kind: 'queued', offline: !navigator.onLine || !(failure instanceof Response) });
            retryTimer.current = window.setTimeout(() => void flush(), retryDelay.current);
            retryDelay.current = Math.min(retryDelay.current * 2, RETRY_MAX_MS);
            return false;
          }
          const problem = await readApiProblem(failure, t('attendance.rollCall.refused'));
          const marks: { userId: number; message: string }[] = [];
          for (const [field, message] of Object.entries(problem.fields)) {
            const mark = chunk[Number(MARK_FIELD.exec(field)?.[1] ?? -1)];
            if (mark) marks.push({ userId: mark.userId, message });
          }
          setSync({ kind: 'refused', message: problem.message, marks, reasonError: problem.fields.reason ?? null });
          return false;
        }
      }
    })().finally(() => {
      sending.current = null;
    });
    sending.current = run;
    return run;
  }, [owner, sessionId, storage, t]);

  /** A tap: `status` for the student, or back to `base` (what the server or the outbox says) when it is that. */
  const pick = useCallback(
    (student: number, status: AttendanceStatus, base: AttendanceStatus) => {
      if (!storage) return;
      setQueue(status === base ? dropDraftMark(storage, owner, student) : putDraftMark(storage, owner, { userId: student, status, markId: newMarkId(), markedAt: new Date().toISOString() }));
      setSync((previous) => (previous.kind === 'saved' ? { kind: 'idle' } : previous));
    },
    [owner, storage],
  );

  /** Save: the taps and `defaults` (the unrecorded students, present) go to the outbox, then to the server. */
  const save = useCallback(
    (defaults: readonly { userId: number; markedAt: string }[], reason: string) => {
      if (!storage) return;
      const more = defaults.map(({ userId: student, markedAt }) => ({ userId: student, status: 'present' as const, markId: newMarkId(), markedAt }));
      setQueue(submitDraft(storage, owner, more, reason));
      retryDelay.current = RETRY_FIRST_MS;
      void flush();
    },
    [flush, owner, storage],
  );

  /** Drops the outbox marks of these students (the tutor confirmed, after a refusal), then sends the rest. */
  const discard = useCallback(
    (students: readonly number[]) => {
      if (!storage) return;
      setQueue(discardOutboxMarks(storage, owner, students));
      setSync({ kind: 'idle' });
      void flush();
    },
    [flush, owner, storage],
  );

  // Marks left by an earlier visit show and are sent first; the connection coming back sends what waits.
  useEffect(() => {
    if (!storage) return;
    const kept = readRollCallQueue(storage, owner);
    setQueue(kept);
    if (kept.outbox.length > 0) void flush();
    const onOnline = () => {
      retryDelay.current = RETRY_FIRST_MS;
      if (readRollCallQueue(storage, owner).outbox.length > 0) void flush();
    };
    const onOffline = () => {
      if (readRollCallQueue(storage, owner).outbox.length > 0) setSync({ kind: 'queued', offline: true });
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.clearTimeout(retryTimer.current);
    };
  }, [flush, owner, storage]);

  return { queue, sync, pick, save, discard, flush };
}
