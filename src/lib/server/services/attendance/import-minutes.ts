/**
 * Minutes from an online session's participant report (Meet, Zoom, Teams):
 * people matched to the cohort's students by e-mail, minutes summed per
 * person, and a status by the program's thresholds (present at ≥ 80 % of
 * the session's minutes by default, late at ≥ 50 %, else absent). The
 * preview answers the same without saving, so unmatched rows are seen
 * first; a student the report does not name is absent.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { statusFromMinutes } from '~/lib/shared/attendance';
import type { ImportMinutesResult, ParticipantReportProvider } from '~/lib/shared/schemas/attendance';
import type { UploadedFile } from '~/lib/shared/schemas/uploads';
import { requireTakeAttendance, type Caller } from '~/lib/server/access/permissions';
import { getDb, type Tx } from '~/lib/server/db/client';
import { liveAttendance, memberships, users } from '~/lib/server/db/schema';
import { applyMarks, lockSession, type Mark } from './apply-marks';
import { parseParticipantReport } from './parse-participant-report';
import { findAttendanceSession } from './session-access';
import { readCohortAttendanceSettings } from './settings';

/** Imports (or, with `preview`, only reads) a session's participant report (its cohort's staff). */
export async function importSessionMinutes(
  caller: Caller,
  sessionId: number,
  input: { file: UploadedFile; provider?: ParticipantReportProvider; reason?: string; preview: boolean },
  now = new Date(),
): Promise<ImportMinutesResult> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireTakeAttendance(caller, roleId);
  const { provider, participants } = parseParticipantReport(input.file.data, input.provider);
  const db = await getDb();
  const settings = await readCohortAttendanceSettings(db, session.cohortId);
  const students = await db
    .select({ userId: users.id, name: sql<string>`trim(${users.lastName} || ', ' || ${users.firstName})`, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.cohortId, session.cohortId), eq(memberships.roleId, ROLE_IDS.student), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const studentByEmail = new Map(students.map((student) => [student.email.trim().toLowerCase(), student]));
  const sessionMinutes = Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000);

  const minutesOf = new Map<number, number>();
  const unmatched: ImportMinutesResult['unmatched'] = [];
  for (const participant of participants) {
    const student = participant.email ? studentByEmail.get(participant.email) : undefined;
    if (!student) unmatched.push(participant);
    else minutesOf.set(student.userId, (minutesOf.get(student.userId) ?? 0) + participant.minutes);
  }
  const matched = students
    .filter((student) => minutesOf.has(student.userId))
    .map((student) => {
      // Someone in the meeting longer than it lasted (early, late to leave) attended all of it.
      const minutes = Math.min(minutesOf.get(student.userId)!, sessionMinutes);
      return { ...student, minutes, status: statusFromMinutes(minutes, sessionMinutes, settings) };
    });
  const missing = students.filter((student) => !minutesOf.has(student.userId));

  let changed = 0;
  if (!input.preview) {
    const marks: Mark[] = [...matched.map(({ userId, minutes, status }) => ({ userId, minutes, status })), ...missing.map(({ userId }) => ({ userId, minutes: 0, status: 'absent' as const }))];
    changed = await db.transaction(async (tx) => {
      await lockSession(tx, session.id);
      return applyMarks(tx, session, await keepExcused(tx, session.id, marks), { by: caller.id, reason: input.reason, now });
    });
  }
  return { provider, preview: input.preview, sessionMinutes, matched, unmatched, missing, changed };
}

/** An excused student keeps `excused` (their minutes are still recorded). */
async function keepExcused(tx: Tx, sessionId: number, marks: Mark[]): Promise<Mark[]> {
  const excused = await tx
    .select({ userId: liveAttendance.userId })
    .from(liveAttendance)
    .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.status, 'excused')));
  const ids = new Set(excused.map((row) => row.userId));
  return marks.map((mark) => (ids.has(mark.userId) && mark.status !== 'present' ? { ...mark, status: 'excused' } : mark));
}
