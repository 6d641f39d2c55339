/**
 * A student's own attendance in a cohort: sessions and hours attended
 * ("Asististe a 14 de 16 sesiones, 28 de 32 horas"), for the course page
 * and the student's API. One student's records only.
 */
import type { Translate } from '~/i18n';
import type { AttendanceFigures } from '~/lib/shared/attendance';
import { AppError } from '~/lib/shared/errors';
import type { MyAttendance } from '~/lib/shared/schemas/attendance';
import { canAttendAsStudent, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { studentCohortsOf } from '~/lib/server/services/assignments/due-dates';
import { figuresOf, readHeldSessions } from './figures';
import { findCohortRole } from './session-access';

/** The student's sentence for their figures, in the caller's language. */
export function myAttendanceLineOf(t: Translate, figures: AttendanceFigures): string {
  // The hours take their own plural ("1 de 1 hora", "4 de 6 horas"): the planned hours decide it, as the sessions decide theirs.
  const hours = t('attendance.myHours', { count: figures.plannedHours, attended: figures.attendedHours });
  return t('attendance.myLine', { count: figures.sessions, attended: figures.attended, hours });
}

async function readMyAttendance(caller: Caller, t: Translate, cohortId: number, now: Date, courseId?: number): Promise<MyAttendance> {
  const held = await readHeldSessions(await getDb(), cohortId, [caller.id], now, 'started', courseId);
  const figures = figuresOf(held, caller.id);
  return { cohortId, figures, line: myAttendanceLineOf(t, figures) };
}

/** The caller's attendance in a cohort they study in (404 for anyone else: staff read the cohort's). */
export async function getMyAttendance(caller: Caller, t: Translate, cohortId: number, now = new Date()): Promise<MyAttendance> {
  const { roleId } = await findCohortRole(caller, cohortId);
  if (!canAttendAsStudent(roleId)) throw new AppError('not_found');
  return readMyAttendance(caller, t, cohortId, now);
}

/** The caller's attendance line on a course's page (its sessions and the whole cohort's): in the oldest cohort where the course is released to them; null when none has held a session. */
export async function findMyCourseAttendance(caller: Caller, t: Translate, course: { id: number; programId: number }, now = new Date()): Promise<MyAttendance | null> {
  const [cohortId] = (await studentCohortsOf(caller.id, course, now.getTime())).sort((a, b) => a - b);
  if (cohortId === undefined) return null;
  // The course's sessions and the whole cohort's: another course's classes are not this course's attendance.
  const mine = await readMyAttendance(caller, t, cohortId, now, course.id);
  return mine.figures.sessions > 0 ? mine : null;
}
