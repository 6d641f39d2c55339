/**
 * A session's roster (every student of its cohort, and anyone else with a
 * record, with their status) and the roll call that marks it in bulk
 * (issue 32): the tutor sends every mark at once, and again after an
 * offline spell, and nothing is lost or doubled.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import type { MarkAttendanceBody, MarkAttendanceResult, RosterRow } from '~/lib/shared/schemas/attendance';
import { requireTakeAttendance, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { attendanceExcuses, liveAttendance, memberships, users } from '~/lib/server/db/schema';
import { applyMarks, lockSession, type Mark } from './apply-marks';
import { findAttendanceSession } from './session-access';

/** The ACTIVE students of a cohort among `userIds`. */
export async function listStudentsAmong(db: DbOrTx, cohortId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.cohortId, cohortId), eq(memberships.roleId, ROLE_IDS.student), eq(memberships.status, 'ACTIVE'), inArray(memberships.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}

/** A session's roster, read without a permission check (the caller decides). */
export async function readRoster(db: DbOrTx, session: { id: number; cohortId: number }): Promise<RosterRow[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: sql<string>`trim(${users.lastName} || ', ' || ${users.firstName})`,
      email: users.email,
      status: liveAttendance.status,
      minutes: liveAttendance.minutes,
      note: liveAttendance.note,
      markedBy: liveAttendance.markedBy,
      markedAt: liveAttendance.markedAt,
      firstJoinedAt: liveAttendance.firstJoinedAt,
      lastJoinedAt: liveAttendance.lastJoinedAt,
      joins: sql<number>`coalesce(${liveAttendance.joins}, 0)::int`,
      excuseId: attendanceExcuses.id,
      excuseStatus: attendanceExcuses.status,
    })
    .from(users)
    .leftJoin(liveAttendance, and(eq(liveAttendance.userId, users.id), eq(liveAttendance.sessionId, session.id)))
    .leftJoin(attendanceExcuses, and(eq(attendanceExcuses.userId, users.id), eq(attendanceExcuses.sessionId, session.id)))
    .where(
      sql`${liveAttendance.userId} is not null or exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.cohortId} = ${session.cohortId}
        and ${memberships.roleId} = ${ROLE_IDS.student} and ${memberships.status} = 'ACTIVE')`,
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map(({ excuseId, excuseStatus, ...row }) => ({
    ...row,
    markedAt: row.markedAt?.toISOString() ?? null,
    firstJoinedAt: row.firstJoinedAt?.toISOString() ?? null,
    lastJoinedAt: row.lastJoinedAt?.toISOString() ?? null,
    excuse: excuseId !== null && excuseStatus !== null ? { id: excuseId, status: excuseStatus } : null,
  }));
}

/** A session's roster with statuses (its cohort's tutors, cohort admins and platform admins). */
export async function getSessionRoster(caller: Caller, sessionId: number): Promise<RosterRow[]> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireTakeAttendance(caller, roleId);
  return readRoster(await getDb(), session);
}

/**
 * A roll call (its cohort's staff): each mark sets one student's status (and
 * note). Only students of the session's cohort are marked (400 naming the
 * mark otherwise); a student named twice keeps the last mark. Idempotent:
 * sending the same marks again changes nothing and audits nothing.
 */
export async function markAttendance(caller: Caller, sessionId: number, body: MarkAttendanceBody, now = new Date()): Promise<MarkAttendanceResult> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireTakeAttendance(caller, roleId);
  const db = await getDb();
  const students = await listStudentsAmong(db, session.cohortId, body.marks.map((mark) => mark.userId));
  const fields: FieldErrors = {};
  body.marks.forEach((mark, index) => {
    if (!students.has(mark.userId)) fields[`marks.${index}.userId`] = 'validation.attendance.notInCohort';
  });
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { fields });
  const lastOf = new Map<number, Mark>();
  for (const mark of body.marks) {
    lastOf.set(mark.userId, { userId: mark.userId, status: mark.status, note: mark.note, markId: mark.markId, markedAt: mark.markedAt ? new Date(mark.markedAt) : undefined });
  }
  const changed = await db.transaction(async (tx) => {
    await lockSession(tx, session.id);
    return applyMarks(tx, session, [...lastOf.values()], { by: caller.id, reason: body.reason, now });
  });
  return { changed, roster: await readRoster(db, session) };
}
