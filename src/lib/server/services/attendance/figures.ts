/**
 * Attendance % and hours per student of a cohort (ADR 029), from one read
 * of its held sessions and their records: for the cohort's staff, the
 * exports, the approval rule, a student's own line and the absence alerts.
 */
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { attendanceFiguresOf, consecutiveAbsencesOf, plannedHoursOf, type AttendanceFigures, type AttendanceStatus } from '~/lib/shared/attendance';
import type { DbOrTx } from '~/lib/server/db/client';
import { liveAttendance, liveSessions } from '~/lib/server/db/schema';

export interface HeldSessions {
  /** The cohort's sessions that have started (or ended, for alerts), oldest first, with their planned hours. */
  sessions: { id: number; startsAt: Date; endsAt: Date; hours: number }[];
  /** Each student's status per session id. */
  statusOf: Map<number, Map<number, AttendanceStatus>>;
}

/**
 * A cohort's sessions held by `now` (`started`: begun; `ended`: over) and the records of `userIds` in them; with
 * `courseId`, a course's figures: the sessions of that course and the whole cohort's (those of no course).
 */
export async function readHeldSessions(db: DbOrTx, cohortId: number, userIds: readonly number[], now: Date, held: 'started' | 'ended' = 'started', courseId?: number): Promise<HeldSessions> {
  const ofCourse = courseId === undefined ? undefined : or(eq(liveSessions.courseId, courseId), isNull(liveSessions.courseId));
  const sessions = await db
    .select({ id: liveSessions.id, startsAt: liveSessions.startsAt, endsAt: liveSessions.endsAt, plannedHours: liveSessions.plannedHours })
    .from(liveSessions)
    .where(and(eq(liveSessions.cohortId, cohortId), lte(held === 'started' ? liveSessions.startsAt : liveSessions.endsAt, now), ofCourse))
    .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id));
  const statusOf = new Map<number, Map<number, AttendanceStatus>>();
  if (sessions.length > 0 && userIds.length > 0) {
    const records = await db
      .select({ sessionId: liveAttendance.sessionId, userId: liveAttendance.userId, status: liveAttendance.status })
      .from(liveAttendance)
      .where(and(inArray(liveAttendance.sessionId, sessions.map((session) => session.id)), inArray(liveAttendance.userId, [...userIds])));
    for (const record of records) {
      const byStudent = statusOf.get(record.userId) ?? new Map<number, AttendanceStatus>();
      byStudent.set(record.sessionId, record.status);
      statusOf.set(record.userId, byStudent);
    }
  }
  return { sessions: sessions.map((session) => ({ ...session, hours: plannedHoursOf(session) })), statusOf };
}

/** `readHeldSessions` (whole cohorts, every record) for several cohorts in two queries, by cohort id: a report over many cohorts. */
export async function readCohortsHeldSessions(db: DbOrTx, cohortIds: readonly number[], now: Date, held: 'started' | 'ended' = 'started'): Promise<Map<number, HeldSessions>> {
  const byCohort = new Map<number, HeldSessions>(cohortIds.map((cohortId) => [cohortId, { sessions: [], statusOf: new Map() }]));
  if (cohortIds.length === 0) return byCohort;
  const isHeld = and(inArray(liveSessions.cohortId, [...cohortIds]), lte(held === 'started' ? liveSessions.startsAt : liveSessions.endsAt, now));
  const [sessions, records] = await Promise.all([
    db
      .select({ cohortId: liveSessions.cohortId, id: liveSessions.id, startsAt: liveSessions.startsAt, endsAt: liveSessions.endsAt, plannedHours: liveSessions.plannedHours })
      .from(liveSessions)
      .where(isHeld)
      .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id)),
    db
      .select({ cohortId: liveSessions.cohortId, sessionId: liveAttendance.sessionId, userId: liveAttendance.userId, status: liveAttendance.status })
      .from(liveAttendance)
      .innerJoin(liveSessions, eq(liveSessions.id, liveAttendance.sessionId))
      .where(isHeld),
  ]);
  for (const { cohortId, ...session } of sessions) byCohort.get(cohortId)?.sessions.push({ id: session.id, startsAt: session.startsAt, endsAt: session.endsAt, hours: plannedHoursOf(session) });
  for (const record of records) {
    const statusOf = byCohort.get(record.cohortId)?.statusOf;
    if (!statusOf) continue;
    const byStudent = statusOf.get(record.userId) ?? new Map<number, AttendanceStatus>();
    byStudent.set(record.sessionId, record.status);
    statusOf.set(record.userId, byStudent);
  }
  return byCohort;
}

/** A student's figures over the held sessions. */
export function figuresOf(held: HeldSessions, userId: number): AttendanceFigures {
  const mine = held.statusOf.get(userId);
  return attendanceFiguresOf(held.sessions.map((session) => ({ status: mine?.get(session.id) ?? null, hours: session.hours })));
}

/** How many of the last held sessions in a row a student missed (excused ones skipped). */
export function consecutiveAbsencesIn(held: HeldSessions, userId: number): number {
  const mine = held.statusOf.get(userId);
  return consecutiveAbsencesOf(held.sessions.map((session) => mine?.get(session.id) ?? null));
}
