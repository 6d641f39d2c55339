/**
 * Joining a live session and its attendance. The server gives the meeting
 * link only inside the join window (10 minutes before the start until the
 * end; Frappe LMS lets students "join" sessions long past) and records who
 * joined and when; the cohort's staff read attendance per session and per
 * student and download it as CSV or XLSX.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { isLateArrival, plannedHoursOf } from '~/lib/shared/attendance';
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { formatDateTime } from '~/lib/shared/format';
import { JOIN_OPENS_BEFORE_MS } from '~/lib/shared/live-sessions';
import type { AttendanceRow, StudentAttendance } from '~/lib/shared/schemas/live-sessions';
import type { Translate } from '~/i18n';
import { requireCohortAccess } from '~/lib/server/access/loaders';
import { activeCohortRoleOf, canJoinLiveSession, isJoinWindowOpen, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohortCourses, courses, liveAttendance, memberships, users } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { figuresOf, readHeldSessions } from '~/lib/server/services/attendance/figures';
import { readCohortAttendanceSettings } from '~/lib/server/services/attendance/settings';
import { fileNameOf } from '~/lib/shared/file-name-of';
import { writeTableFile, type TableFile, type TableFormat } from '~/lib/server/spreadsheets/write-table-file';
import { findLiveSession } from './live-sessions';

/**
 * A student of the session's cohort joins: inside the join window they get
 * the link and their attendance is recorded (first and last time, and how
 * many times): present, or late after the program's threshold; a status
 * already set (by staff, a check-in, an excuse) is kept unless it was
 * absent. Outside the window, 409 and no link. Staff have the link already.
 */
export async function joinLiveSession(caller: Caller, sessionId: number, now = new Date()): Promise<{ url: string; joinedAt: string }> {
  const { row } = await findLiveSession(caller, sessionId);
  if (!canJoinLiveSession(activeCohortRoleOf(await listMembershipsOf(caller.id), row.cohortId))) throw new AppError('forbidden');
  if (!isJoinWindowOpen(row, JOIN_OPENS_BEFORE_MS, now)) throw new AppError('live_session_not_open');
  const db = await getDb();
  const settings = await readCohortAttendanceSettings(db, row.cohortId);
  const status = isLateArrival(row.startsAt, now, settings) ? 'late' : 'present';
  await db
    .insert(liveAttendance)
    .values({ sessionId, userId: caller.id, firstJoinedAt: now, lastJoinedAt: now, status, markedAt: now })
    .onConflictDoUpdate({
      target: [liveAttendance.sessionId, liveAttendance.userId],
      set: {
        firstJoinedAt: sql`coalesce(${liveAttendance.firstJoinedAt}, excluded.first_joined_at)`,
        lastJoinedAt: now,
        joins: sql`${liveAttendance.joins} + 1`,
        status: sql`case when ${liveAttendance.status} = 'absent' then excluded.status else ${liveAttendance.status} end`,
      },
    });
  return { url: row.videoLink, joinedAt: now.toISOString() };
}

const STUDENT = 1;

/** A session's attendance (its cohort's staff): every student of the cohort, and anyone else who joined, by name, with their status, minutes and hours. */
export async function listSessionAttendance(caller: Caller, sessionId: number): Promise<{ className: string; startsAt: Date; rows: AttendanceRow[] }> {
  const { row, canManage } = await findLiveSession(caller, sessionId);
  if (!canManage) throw new AppError('forbidden');
  const db = await getDb();
  const rows = await db
    .select({
      userId: users.id,
      name: sql<string>`trim(${users.lastName} || ', ' || ${users.firstName})`,
      email: users.email,
      firstJoinedAt: liveAttendance.firstJoinedAt,
      lastJoinedAt: liveAttendance.lastJoinedAt,
      joins: sql<number>`coalesce(${liveAttendance.joins}, 0)::int`,
      status: liveAttendance.status,
      minutes: liveAttendance.minutes,
    })
    .from(users)
    .leftJoin(liveAttendance, and(eq(liveAttendance.userId, users.id), eq(liveAttendance.sessionId, sessionId)))
    .where(
      sql`${liveAttendance.userId} is not null or exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.cohortId} = ${row.cohortId}
        and ${memberships.roleId} = ${STUDENT} and ${memberships.status} = 'ACTIVE')`,
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return {
    className: row.className,
    startsAt: row.startsAt,
    rows: rows.map((item) => ({
      ...item,
      firstJoinedAt: item.firstJoinedAt?.toISOString() ?? null,
      lastJoinedAt: item.lastJoinedAt?.toISOString() ?? null,
      hours: item.status === 'present' || item.status === 'late' ? plannedHoursOf(row) : 0,
    })),
  };
}

/**
 * Attendance per student of a cohort (its staff): sessions and hours attended out of those already over (ADR 029:
 * excused ones leave the %); with `courseId` (one of the cohort's courses, else 404), that course's sessions and the
 * whole cohort's.
 */
export async function listCohortAttendance(caller: Caller, cohortId: number, options: { courseId?: number; now?: Date } = {}): Promise<{ cohortName: string; courseName: string | null; rows: StudentAttendance[] }> {
  const now = options.now ?? new Date();
  const cohort = await requireCohortAccess(caller, cohortId, 'manageLiveSessions');
  const db = await getDb();
  const students = await db
    .select({ userId: users.id, name: sql<string>`trim(${users.lastName} || ', ' || ${users.firstName})`, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.cohortId, cohortId), eq(memberships.roleId, STUDENT), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  let courseName: string | null = null;
  if (options.courseId !== undefined) {
    const [course] = await db
      .select({ name: courses.name })
      .from(cohortCourses)
      .innerJoin(courses, eq(courses.id, cohortCourses.courseId))
      .where(and(eq(cohortCourses.cohortId, cohortId), eq(cohortCourses.courseId, options.courseId)))
      .limit(1);
    if (!course) throw new AppError('not_found');
    courseName = course.name;
  }
  const held = await readHeldSessions(db, cohortId, students.map((student) => student.userId), now, 'ended', options.courseId);
  const rows = students.map((student) => {
    const figures = figuresOf(held, student.userId);
    return {
      ...student,
      attended: figures.attended,
      sessions: figures.sessions,
      excused: figures.excused,
      percent: figures.percent,
      plannedHours: figures.plannedHours,
      attendedHours: figures.attendedHours,
    };
  });
  return { cohortName: cohort.name, courseName, rows };
}

/** A session's attendance as a CSV or XLSX file. */
export async function exportSessionAttendance(caller: Caller, sessionId: number, options: { format: TableFormat; lang: Language; t: Translate }): Promise<TableFile> {
  const { className, startsAt, rows } = await listSessionAttendance(caller, sessionId);
  const { t, lang, format } = options;
  const when = (value: string | null) => (value ? formatDateTime(lang, value) : null);
  return writeTableFile({
    format,
    lang,
    fileName: fileNameOf(`${t('live.export.file')} ${className} ${startsAt.toISOString().slice(0, 10)}`, format, 'asistencia'),
    sheetName: t('live.export.sheet'),
    header: ['student', 'email', 'attended', 'status', 'minutes', 'hours', 'firstJoinedAt', 'lastJoinedAt', 'joins'].map((key) => t(`live.export.${key}`)),
    rows: async function* () {
      for (const row of rows) {
        const attended = row.status === 'present' || row.status === 'late';
        yield [
          row.name,
          row.email,
          t(attended ? 'live.export.yes' : 'live.export.no'),
          t(`attendance.status.${row.status ?? 'none'}`),
          row.minutes,
          row.hours,
          when(row.firstJoinedAt),
          when(row.lastJoinedAt),
          row.joins,
        ];
      }
    },
  });
}

/** A cohort's attendance per student as a CSV or XLSX file (with `courseId`, one course's: its sessions and the whole cohort's). */
export async function exportCohortAttendance(caller: Caller, cohortId: number, options: { format: TableFormat; lang: Language; t: Translate; courseId?: number }): Promise<TableFile> {
  const { cohortName, courseName, rows } = await listCohortAttendance(caller, cohortId, { courseId: options.courseId });
  const { t, lang, format } = options;
  return writeTableFile({
    format,
    lang,
    fileName: fileNameOf(`${t('live.export.file')} ${cohortName}${courseName ? ` ${courseName}` : ''}`, format, 'asistencia'),
    sheetName: t('live.export.sheet'),
    header: ['student', 'email', 'sessionsAttended', 'sessions', 'excused', 'rate', 'attendedHours', 'plannedHours'].map((key) => t(`live.export.${key}`)),
    rows: async function* () {
      for (const row of rows) yield [row.name, row.email, row.attended, row.sessions, row.excused, row.sessions ? Math.round(row.percent) : null, row.attendedHours, row.plannedHours];
    },
  });
}
