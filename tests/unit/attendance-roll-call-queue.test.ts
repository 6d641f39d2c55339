/**
 * A roll call's marks kept on the device (issue 32): per session and per
 * signed-in user, a newer tap replacing an older one, the outbox emptied
 * only of what the server acknowledged, and nothing read from garbage.
 */
import { describe, expect, it, vi } from 'vitest';
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
} from '~/islands/attendance/roll-call-queue';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    items,
  };
}

const tutor = { userId: 5, sessionId: 70 };
const mark = (userId: number, status: QueuedMark['status'], markedAt: string, markId = `${userId}-${markedAt}`): QueuedMark => ({ userId, status, markId, markedAt });

describe('the roll call queue', () => {
  it('keeps one tap per student, the newest, under the session and the signed-in user', () => {
    const storage = memoryStorage();
    putDraftMark(storage, tutor, mark(21, 'absent', '2026-03-01T15:00:01Z'));
    putDraftMark(storage, tutor, mark(22, 'late', '2026-03-01T15:00:02Z'));
    putDraftMark(storage, tutor, mark(21, 'late', '2026-03-01T15:00:03Z'));
    // An older tap (a clock that moved back) does not replace a newer one.
    putDraftMark(storage, tutor, mark(22, 'excused', '2026-03-01T15:00:00Z'));
    expect(readRollCallQueue(storage, tutor).draft.map((queued) => [queued.userId, queued.status])).toEqual([
      [22, 'late'],
      [21, 'late'],
    ]);
    expect([...storage.items.keys()]).toEqual(['rollCallQueue:5:70']);
    expect(readRollCallQueue(storage, { userId: 6, sessionId: 70 })).toEqual({ draft: [], outbox: [], reason: '' });
    expect(readRollCallQueue(storage, { userId: 5, sessionId: 71 }).draft).toEqual([]);
    dropDraftMark(storage, tutor, 21);
    expect(readRollCallQueue(storage, tutor).draft.map((queued) => queued.userId)).toEqual([22]);
  });

  it('moves the draft and the defaults to the outbox on save, a tap overriding a default and a queued mark', () => {
    const storage = memoryStorage();
    submitDraft(storage, tutor, [mark(23, 'absent', '2026-03-01T15:00:00Z')], 'Llegó tarde el reporte');
    putDraftMark(storage, tutor, mark(21, 'absent', '2026-03-01T15:01:00Z'));
    putDraftMark(storage, tutor, mark(23, 'present', '2026-03-01T15:01:30Z'));
    const queue = submitDraft(storage, tutor, [mark(24, 'present', '2026-03-01T15:00:30Z')], '');
    expect(queue.draft).toEqual([]);
    expect(queue.outbox.map((queued) => [queued.userId, queued.status])).toEqual([
      [24, 'present'],
      [21, 'absent'],
      [23, 'present'],
    ]);
    // An empty reason keeps the one already queued.
    expect(queue.reason).toBe('Llegó tarde el reporte');
    expect(readRollCallQueue(storage, tutor)).toEqual(queue);
  });

  it('removes only the acknowledged marks (a newer mark saved meanwhile stays) and forgets the storage key once empty', () => {
    const storage = memoryStorage();
    const sent = submitDraft(storage, tutor, [mark(21, 'absent', '2026-03-01T15:00:00Z'), mark(22, 'late', '2026-03-01T15:00:00Z')], '').outbox;
    putDraftMark(storage, tutor, mark(21, 'excused', '2026-03-01T15:02:00Z'));
    submitDraft(storage, tutor, [], '');
    expect(acknowledgeMarks(storage, tutor, sent).outbox.map((queued) => [queued.userId, queued.status])).toEqual([[21, 'excused']]);
    expect(discardOutboxMarks(storage, tutor, [21]).outbox).toEqual([]);
    expect(storage.items.size).toBe(0);
  });

  it('reads nothing from storage it cannot make sense of', () => {
    const storage = memoryStorage();
    storage.setItem('rollCallQueue:5:70', '{nope');
    expect(readRollCallQueue(storage, tutor)).toEqual({ draft: [], outbox: [], reason: '' });
    storage.setItem('rollCallQueue:5:70', JSON.stringify({ draft: [{ userId: 'x' }, mark(21, 'absent', 'a')], outbox: [{ userId: 22, status: 'gone', markId: 'm', markedAt: 'a' }], reason: 4 }));
    expect(readRollCallQueue(storage, tutor)).toEqual({ draft: [mark(21, 'absent', 'a')], outbox: [], reason: '' });
  });

  it('keeps the marks in memory when the browser refuses to store them', () => {
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    const storage = keptInMemoryToo(refusing);
    putDraftMark(storage, tutor, mark(21, 'absent', '2026-03-01T15:00:00Z'));
    expect(readRollCallQueue(storage, tutor).draft).toHaveLength(1);
  });

  it('names each mark with a fresh UUID', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newMarkId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('names marks with a UUID on plain HTTP too, where the browser has no crypto.randomUUID', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    try {
      expect(newMarkId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
