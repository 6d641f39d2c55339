/**
 * Students who stopped coming (issue 32): those absent from the last N
 * sessions of their cohort in a row, N set per program (`absenceAlertAfter`,
 * 3 by default). Read for the cohort's staff, counted on the tutor's /home
 * and the admin dashboard, and mailed to tutors each morning (jobs.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { AbsenceAlert } from '~/lib/shared/schemas/attendance';
import { requireTakeAttendance, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { memberships, users } from '~/lib/server/db/schema';
import { consecutiveAbsencesIn, readHeldSessions } from './figures';
import { findCohortRole } from './session-access';
import { readCohortAttendanceSettings } from './settings';

/** The cohort's students absent from at least its program's N consecutive sessions (over by `now`), most absences first; no permission check. */
export async function listAbsenceAlerts(db: DbOrTx, cohortId: number, now = new Date(), onSession?: (sessionId: number) => void): Promise<AbsenceAlert[]> {
  const settings = await readCohortAttendanceSettings(db, cohortId);
  const students = await db
    .select({ userId: users.id, name: sql<string>`trim(${users.lastName} || ', ' || ${users.firstName})`, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.cohortId, cohortId), eq(memberships.roleId, ROLE_IDS.student), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const held = await readHeldSessions(db, cohortId, students.map((student) => student.userId), now, 'ended');
  if (onSession) for (const session of held.sessions) onSession(session.id);
  const last = held.sessions.at(-1);
  if (!last) return [];
  return students
    .map((student) => ({ ...student, consecutiveAbsences: consecutiveAbsencesIn(held, student.userId), lastSessionAt: last.startsAt.toISOString() }))
    .filter((student) => student.consecutiveAbsences >= settings.absenceAlertAfter)
    .sort((a, b) => b.consecutiveAbsences - a.consecutiveAbsences);
}

/** A cohort's absence alerts, for its tutors, cohort admins and platform admins. */
export async function getAbsenceAlerts(caller: Caller, cohortId: number, now = new Date()): Promise<AbsenceAlert[]> {
  const { roleId } = await findCohortRole(caller, cohortId);
  requireTakeAttendance(caller, roleId);
  return listAbsenceAlerts(await getDb(), cohortId, now);
}
