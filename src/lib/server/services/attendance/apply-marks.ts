/**
 * Writing attendance marks, the one path for a roll call, an import and an
 * excuse's review: a mark that changes nothing (a replay, the same status
 * and note, an older mark than the one stored) writes nothing; every change
 * after the session ended is audited (who, when, from what to what, why).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AttendanceStatus } from '~/lib/shared/attendance';
import type { Tx } from '~/lib/server/db/client';
import { attendanceAudit, liveAttendance, liveSessions } from '~/lib/server/db/schema';

export interface Mark {
  userId: number;
  status: AttendanceStatus;
  /** Undefined: keep the stored note; empty: clear it. */
  note?: string;
  /** Undefined: keep the stored minutes. */
  minutes?: number;
  markId?: string;
  markedAt?: Date;
}

/** Locks the session row, so one session's marks are written one request at a time (a replay sent twice at once is still written once). */
export async function lockSession(tx: Tx, sessionId: number): Promise<void> {
  await tx.select({ id: liveSessions.id }).from(liveSessions).where(eq(liveSessions.id, sessionId)).for('update');
}

/** Writes the marks that change something (the caller has locked the session); answers how many did. */
export async function applyMarks(
  tx: Tx,
  session: { id: number; endsAt: Date },
  marks: readonly Mark[],
  options: { by: number; reason?: string | null; now: Date },
): Promise<number> {
  if (marks.length === 0) return 0;
  const { by, now } = options;
  const stored = await tx
    .select({ userId: liveAttendance.userId, status: liveAttendance.status, note: liveAttendance.note, minutes: liveAttendance.minutes, markId: liveAttendance.markId, markedAt: liveAttendance.markedAt })
    .from(liveAttendance)
    .where(and(eq(liveAttendance.sessionId, session.id), inArray(liveAttendance.userId, marks.map((mark) => mark.userId))));
  const byUser = new Map(stored.map((row) => [row.userId, row]));
  const isAfterSession = now.getTime() > session.endsAt.getTime();
  let changed = 0;
  for (const mark of marks) {
    const before = byUser.get(mark.userId);
    if (before && mark.markId !== undefined && before.markId === mark.markId) continue;
    // An offline mark made before the one stored never overwrites it.
    if (before?.markedAt && mark.markedAt && mark.markedAt.getTime() < before.markedAt.getTime()) continue;
    const note = mark.note === undefined ? (before?.note ?? null) : mark.note || null;
    const minutes = mark.minutes === undefined ? (before?.minutes ?? null) : mark.minutes;
    if (before && before.status === mark.status && before.note === note && before.minutes === minutes) continue;
    // A device's clock may run ahead: a mark is never dated after the server received it.
    const markedAt = mark.markedAt && mark.markedAt.getTime() < now.getTime() ? mark.markedAt : now;
    const values = { status: mark.status, note, minutes, markedBy: by, markedAt, markId: mark.markId ?? null };
    await tx
      .insert(liveAttendance)
      .values({ sessionId: session.id, userId: mark.userId, firstJoinedAt: null, lastJoinedAt: null, joins: 0, ...values })
      .onConflictDoUpdate({ target: [liveAttendance.sessionId, liveAttendance.userId], set: values });
    if (isAfterSession) {
      await tx.insert(attendanceAudit).values({
        sessionId: session.id,
        userId: mark.userId,
        changedBy: by,
        changedAt: now,
        fromStatus: before?.status ?? null,
        toStatus: mark.status,
        fromMinutes: before?.minutes ?? null,
        toMinutes: minutes,
        reason: options.reason || null,
      });
    }
    byUser.set(mark.userId, { userId: mark.userId, ...values });
    changed += 1;
  }
  return changed;
}
