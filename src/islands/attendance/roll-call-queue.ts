/**
 * A roll call's marks kept on this device (issue 32), in this browser's
 * storage under the session AND the signed-in user, so another person on the
 * same phone never sees or sends them. Two lists: the `draft` (taps not yet
 * saved, kept so a reload loses nothing) and the `outbox` (saved by the
 * tutor, waiting for the server's 2xx). Each mark carries its own `markId`
 * and `markedAt`, so sending the outbox again changes nothing on the server
 * (apply-marks.ts). A student has at most one mark in each list: a newer tap
 * replaces the older one.
 */
import type { KeyValueStorage } from '~/lib/client/storage';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '~/lib/shared/attendance';

export interface QueuedMark {
  userId: number;
  status: AttendanceStatus;
  markId: string;
  markedAt: string;
}

export interface RollCallQueue {
  draft: QueuedMark[];
  outbox: QueuedMark[];
  /** Why, for marks saved after the session ended (sent with the outbox). */
  reason: string;
}

/** Whose queue, of which session. */
export interface QueueOwner {
  userId: number;
  sessionId: number;
}

const KEY_PREFIX = 'rollCallQueue:';
const keyOf = ({ userId, sessionId }: QueueOwner) => `${KEY_PREFIX}${userId}:${sessionId}`;
const EMPTY: RollCallQueue = { draft: [], outbox: [], reason: '' };

const isQueuedMark = (value: unknown): value is QueuedMark => {
  if (typeof value !== 'object' || value === null) return false;
  const mark = value as QueuedMark;
  return Number.isInteger(mark.userId) && ATTENDANCE_STATUSES.includes(mark.status) && typeof mark.markId === 'string' && mark.markId !== '' && typeof mark.markedAt === 'string';
};
const marksOf = (value: unknown) => (Array.isArray(value) ? value.filter(isQueuedMark) : []);

/** The owner's queue (empty if storage holds nothing, or something unreadable). */
export function readRollCallQueue(storage: KeyValueStorage, owner: QueueOwner): RollCallQueue {
  try {
    const parsed = JSON.parse(storage.getItem(keyOf(owner)) ?? 'null') as Partial<RollCallQueue> | null;
    if (typeof parsed !== 'object' || parsed === null) return EMPTY;
    return { draft: marksOf(parsed.draft), outbox: marksOf(parsed.outbox), reason: typeof parsed.reason === 'string' ? parsed.reason : '' };
  } catch {
    return EMPTY;
  }
}

function writeRollCallQueue(storage: KeyValueStorage, owner: QueueOwner, queue: RollCallQueue): RollCallQueue {
  try {
    if (queue.draft.length === 0 && queue.outbox.length === 0) storage.removeItem(keyOf(owner));
    else storage.setItem(keyOf(owner), JSON.stringify(queue));
  } catch {
    // Storage full or refused (private mode): the marks are still sent from memory.
  }
  return queue;
}

/** `marks` with `mark` in place of the student's older one (an older tap never replaces a newer one). */
function withMark(marks: readonly QueuedMark[], mark: QueuedMark): QueuedMark[] {
  const current = marks.find((queued) => queued.userId === mark.userId);
  if (current && Date.parse(current.markedAt) > Date.parse(mark.markedAt)) return [...marks];
  return [...marks.filter((queued) => queued.userId !== mark.userId), mark];
}

/** Keeps a tap in the draft (replacing the student's earlier tap). */
export function putDraftMark(storage: KeyValueStorage, owner: QueueOwner, mark: QueuedMark): RollCallQueue {
  const queue = readRollCallQueue(storage, owner);
  return writeRollCallQueue(storage, owner, { ...queue, draft: withMark(queue.draft, mark) });
}

/** Forgets a student's tap (they are back to what the server or the outbox says). */
export function dropDraftMark(storage: KeyValueStorage, owner: QueueOwner, userId: number): RollCallQueue {
  const queue = readRollCallQueue(storage, owner);
  return writeRollCallQueue(storage, owner, { ...queue, draft: queue.draft.filter((mark) => mark.userId !== userId) });
}

/** The tutor pressed save: the draft and `more` (the defaults) join the outbox, with the reason (else the one kept); the draft empties. */
export function submitDraft(storage: KeyValueStorage, owner: QueueOwner, more: readonly QueuedMark[], reason: string): RollCallQueue {
  const queue = readRollCallQueue(storage, owner);
  const outbox = [...more, ...queue.draft].reduce(withMark, queue.outbox);
  return writeRollCallQueue(storage, owner, { draft: [], outbox, reason: reason || queue.reason });
}

/** Removes the marks the server acknowledged (by `markId`: a newer mark saved meanwhile stays). */
export function acknowledgeMarks(storage: KeyValueStorage, owner: QueueOwner, sent: readonly QueuedMark[]): RollCallQueue {
  const ids = new Set(sent.map((mark) => mark.markId));
  const queue = readRollCallQueue(storage, owner);
  const outbox = queue.outbox.filter((mark) => !ids.has(mark.markId));
  return writeRollCallQueue(storage, owner, { ...queue, outbox, reason: outbox.length > 0 ? queue.reason : '' });
}

/** Forgets the outbox marks of these students (the tutor chose to, after the server refused them). */
export function discardOutboxMarks(storage: KeyValueStorage, owner: QueueOwner, userIds: readonly number[]): RollCallQueue {
  const queue = readRollCallQueue(storage, owner);
  const outbox = queue.outbox.filter((mark) => !userIds.includes(mark.userId));
  return writeRollCallQueue(storage, owner, { ...queue, outbox, reason: outbox.length > 0 ? queue.reason : '' });
}

/** A mark's id: a random UUID (`crypto.randomUUID` needs a secure context; plain HTTP on a school's network falls back to random bytes). */
export function newMarkId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `storage` with a copy of every write in memory, read first: when the
 * browser refuses a write (storage full, some private modes) the marks are
 * still queued and sent while the page stays open.
 */
export function keptInMemoryToo(storage: KeyValueStorage): KeyValueStorage {
  const written = new Map<string, string | null>();
  const quietly = (write: () => void) => {
    try {
      write();
    } catch {
      // Kept in memory only.
    }
  };
  return {
    getItem: (key) => (written.has(key) ? written.get(key)! : storage.getItem(key)),
    setItem: (key, value) => {
      written.set(key, value);
      quietly(() => storage.setItem(key, value));
    },
    removeItem: (key) => {
      written.set(key, null);
      quietly(() => storage.removeItem(key));
    },
    clear: () => {
      written.clear();
      quietly(() => storage.clear());
    },
  };
}
