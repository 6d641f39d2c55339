/**
 * QR check-in for in-person classes (issue 32). The tutor's screen shows a
 * code derived with HMAC from the session's secret (kept in the database, so
 * every app server derives the same code) and the 30-second window; a
 * student of the cohort sends it and is marked present, or late after the
 * program's threshold. Only the current and the previous window are
 * accepted, so a code photographed and sent a minute later is refused, and
 * so is any check-in outside the session's join window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CHECK_IN_CODE_DIGITS, CHECK_IN_WINDOW_MS, isLateArrival } from '~/lib/shared/attendance';
import { AppError } from '~/lib/shared/errors';
import { JOIN_OPENS_BEFORE_MS } from '~/lib/shared/live-sessions';
import type { CheckInCode, CheckInResult } from '~/lib/shared/schemas/attendance';
import { isJoinWindowOpen, requireAttendAsStudent, requireTakeAttendance, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { liveAttendance, liveSessions } from '~/lib/server/db/schema';
import { readCohortAttendanceSettings } from './settings';
import { findAttendanceSession } from './session-access';

/** The window a moment falls in. */
export const checkInWindowOf = (at: Date): number => Math.floor(at.getTime() / CHECK_IN_WINDOW_MS);

/** A session's code for one 30-second window: HMAC-SHA256 of the session and window, truncated to six digits as TOTP does (RFC 4226 §5.3). */
export function checkInCodeOf(secret: string, sessionId: number, window: number): string {
  const digest = createHmac('sha256', secret).update(`${sessionId}:${window}`).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** CHECK_IN_CODE_DIGITS).padStart(CHECK_IN_CODE_DIGITS, '0');
}

/** Whether `code` is the session's code now or in the previous window (compared in constant time). */
export function isCheckInCodeValid(secret: string, sessionId: number, code: string, now: Date): boolean {
  const window = checkInWindowOf(now);
  const given = Buffer.from(code.padEnd(CHECK_IN_CODE_DIGITS, ' ').slice(0, CHECK_IN_CODE_DIGITS));
  return [window, window - 1].some((candidate) => timingSafeEqual(Buffer.from(checkInCodeOf(secret, sessionId, candidate)), given));
}

async function readSecret(sessionId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ secret: liveSessions.checkInSecret }).from(liveSessions).where(eq(liveSessions.id, sessionId));
  if (!row) throw new AppError('not_found');
  return row.secret;
}

/** The code to show now and when it changes (the session's staff). */
export async function getCheckInCode(caller: Caller, sessionId: number, now = new Date()): Promise<CheckInCode> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireTakeAttendance(caller, roleId);
  const window = checkInWindowOf(now);
  return {
    code: checkInCodeOf(await readSecret(session.id), session.id, window),
    changesAt: new Date((window + 1) * CHECK_IN_WINDOW_MS).toISOString(),
    windowS: CHECK_IN_WINDOW_MS / 1000,
  };
}

/**
 * A student of the cohort checks in with the code on the tutor's screen:
 * present, or late after the program's threshold. Checking in again keeps
 * the first arrival. Outside the join window 409; a wrong or stale code 400.
 */
export async function checkIn(caller: Caller, sessionId: number, code: string, now = new Date()): Promise<CheckInResult> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireAttendAsStudent(caller, roleId);
  if (!isJoinWindowOpen(session, JOIN_OPENS_BEFORE_MS, now)) throw new AppError('check_in_not_open');
  if (!isCheckInCodeValid(await readSecret(session.id), session.id, code, now)) throw new AppError('check_in_code_invalid');
  const db = await getDb();
  const settings = await readCohortAttendanceSettings(db, session.cohortId);
  const status = isLateArrival(session.startsAt, now, settings) ? 'late' : 'present';
  // One statement: 2,000 students checking in at once each write their own row, with no lock on the session.
  const [row] = await db
    .insert(liveAttendance)
    .values({ sessionId: session.id, userId: caller.id, firstJoinedAt: now, lastJoinedAt: now, joins: 1, status, markedAt: now })
    .onConflictDoUpdate({
      target: [liveAttendance.sessionId, liveAttendance.userId],
      set: {
        status: sql`case when ${liveAttendance.status} in ('present', 'late') then ${liveAttendance.status} else excluded.status end`,
        markedAt: sql`case when ${liveAttendance.status} in ('present', 'late') then ${liveAttendance.markedAt} else excluded.marked_at end`,
        markedBy: sql`case when ${liveAttendance.status} in ('present', 'late') then ${liveAttendance.markedBy} else null end`,
        firstJoinedAt: sql`coalesce(${liveAttendance.firstJoinedAt}, excluded.first_joined_at)`,
        lastJoinedAt: now,
      },
    })
    .returning({ status: liveAttendance.status, markedAt: liveAttendance.markedAt, firstJoinedAt: liveAttendance.firstJoinedAt });
  return { status: row!.status === 'late' ? 'late' : 'present', checkedInAt: (row!.firstJoinedAt ?? row!.markedAt ?? now).toISOString() };
}
