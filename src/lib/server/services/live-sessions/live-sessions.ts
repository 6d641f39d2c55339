/**
 * A cohort's live sessions (contract §7 "live-session and history"): listed
 * for its members (upcoming and live, or past with their recordings),
 * scheduled by its staff one at a time or as a weekly series, changed and
 * deleted. Times are stored in UTC; pages show them in Bogotá time.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { plannedHoursOf, type AttendanceStatus } from '~/lib/shared/attendance';
import { liveSessionStateAt, WEEK_MS } from '~/lib/shared/live-sessions';
import { pageWindow } from '~/lib/shared/pagination';
import type { CreateLiveSessionBody, LiveSession, UpdateLiveSessionBody } from '~/lib/shared/schemas/live-sessions';
import { requireCohortAccess } from '~/lib/server/access/loaders';
import { canInCohort, isAdmin, isMembershipActive, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { cohortCourses, cohorts, courses, liveAttendance, liveSessions } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';

type SessionRow = typeof liveSessions.$inferSelect & { cohortName: string; courseName: string | null; myStatus: AttendanceStatus | null; attendanceCount: number };

/** The cohorts whose sessions the caller reads, and those they manage; `null` readable: every cohort (platform admins). */
async function cohortScopeOf(caller: Caller): Promise<{ readable: number[] | null; managed: (cohortId: number) => boolean }> {
  if (isAdmin(caller)) return { readable: null, managed: () => true };
  const list = (await listMembershipsOf(caller.id)).filter(isMembershipActive);
  return {
    readable: list.map((membership) => membership.cohortId),
    managed: (cohortId) => canInCohort(caller, list.find((membership) => membership.cohortId === cohortId)?.roleId ?? null, 'manageLiveSessions'),
  };
}

const sessionColumns = (userId: number) => ({
  session: liveSessions,
  cohortName: cohorts.name,
  courseName: sql<string | null>`(select ${courses.name} from ${courses} where ${courses.id} = ${liveSessions.courseId})`,
  myStatus: sql<AttendanceStatus | null>`(select ${liveAttendance.status} from ${liveAttendance} where ${liveAttendance.sessionId} = ${liveSessions.id} and ${liveAttendance.userId} = ${userId})`,
  attendanceCount: sql<number>`(select count(*)::int from ${liveAttendance} where ${liveAttendance.sessionId} = ${liveSessions.id} and ${liveAttendance.status} in ('present', 'late'))`,
});

/** A session as the caller sees it: the meeting link only for its staff (students get it by joining, inside the window). */
function toLiveSession(row: SessionRow, canManage: boolean, now: Date): LiveSession {
  const state = liveSessionStateAt(row, now.getTime());
  // A recorded class's video is its recording once its time has come.
  const recordingUrl = row.recordingUrl ?? (!row.wasLive && state === 'past' ? row.videoLink : null);
  return {
    id: row.id,
    cohortId: row.cohortId,
    cohortName: row.cohortName,
    seriesId: row.seriesId,
    className: row.className,
    description: row.description,
    durationS: row.durationS,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    wasLive: row.wasLive,
    kind: row.kind,
    place: row.place,
    plannedHours: plannedHoursOf(row),
    courseId: row.courseId,
    courseName: row.courseName,
    state,
    recordingUrl: state === 'past' || canManage ? recordingUrl : null,
    videoLink: canManage ? row.videoLink : null,
    attended: row.myStatus === 'present' || row.myStatus === 'late',
    myStatus: row.myStatus,
    attendanceCount: canManage ? row.attendanceCount : null,
    canManage,
  };
}

export type SessionList = 'upcoming' | 'history' | 'all';

/** A cohort the caller schedules sessions in, and the courses a session may teach. */
export interface SchedulableCohort {
  id: number;
  name: string;
  courses: { id: number; name: string }[];
}

/**
 * One page of sessions of the caller's cohorts (or of one): `upcoming`
 * (not yet over, soonest first: live ones lead), `history` (over, newest
 * first) or `all` (newest first).
 */
export async function listLiveSessions(caller: Caller, options: { list: SessionList; cohort?: number; page: number; now?: Date }): Promise<{ results: LiveSession[]; count: number }> {
  const now = options.now ?? new Date();
  const scope = await cohortScopeOf(caller);
  if (options.cohort !== undefined) await requireCohortAccess(caller, options.cohort, 'view');
  const cohortFilter: SQL | undefined =
    options.cohort !== undefined ? eq(liveSessions.cohortId, options.cohort) : scope.readable === null ? undefined : scope.readable.length ? inArray(liveSessions.cohortId, scope.readable) : sql`false`;
  const timeFilter = options.list === 'upcoming' ? gte(liveSessions.endsAt, now) : options.list === 'history' ? lt(liveSessions.endsAt, now) : undefined;
  const where = and(cohortFilter, timeFilter);
  const order = options.list === 'upcoming' ? [asc(liveSessions.startsAt), asc(liveSessions.id)] : [desc(liveSessions.startsAt), desc(liveSessions.id)];
  const db = await getDb();
  const { offset, limit } = pageWindow(options.page);
  const [rows, [total]] = await Promise.all([
    db.select(sessionColumns(caller.id)).from(liveSessions).innerJoin(cohorts, eq(cohorts.id, liveSessions.cohortId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(liveSessions).where(where),
  ]);
  return {
    results: rows.map((row) => toLiveSession({ ...row.session, cohortName: row.cohortName, courseName: row.courseName, myStatus: row.myStatus, attendanceCount: row.attendanceCount }, scope.managed(row.session.cohortId), now)),
    count: total?.count ?? 0,
  };
}

/** A session row, once the caller may read its cohort (404 otherwise), with whether they manage it. */
export async function findLiveSession(caller: Caller, sessionId: number): Promise<{ row: SessionRow; canManage: boolean }> {
  const db = await getDb();
  const [found] = await db.select(sessionColumns(caller.id)).from(liveSessions).innerJoin(cohorts, eq(cohorts.id, liveSessions.cohortId)).where(eq(liveSessions.id, sessionId));
  if (!found) throw new AppError('not_found');
  await requireCohortAccess(caller, found.session.cohortId, 'view');
  const scope = await cohortScopeOf(caller);
  return { row: { ...found.session, cohortName: found.cohortName, courseName: found.courseName, myStatus: found.myStatus, attendanceCount: found.attendanceCount }, canManage: scope.managed(found.session.cohortId) };
}

/** One session as the caller sees it. */
export async function getLiveSession(caller: Caller, sessionId: number, now = new Date()): Promise<LiveSession> {
  const { row, canManage } = await findLiveSession(caller, sessionId);
  return toLiveSession(row, canManage, now);
}

const durationOf = (duration: { minutes: number; seconds: number }) => duration.minutes * 60 + duration.seconds;

/** A session's course must be one of its cohort's (released to it): else the field's 400. */
async function requireCohortCourse(db: DbOrTx, cohortId: number, courseId: number): Promise<void> {
  const [found] = await db
    .select({ id: cohortCourses.courseId })
    .from(cohortCourses)
    .where(and(eq(cohortCourses.cohortId, cohortId), eq(cohortCourses.courseId, courseId)))
    .limit(1);
  if (!found) throw new AppError('validation_failed', { fields: { course: 'validation.attendance.course' } });
}

/** Schedules a session in a cohort (its staff), or a weekly series of `repeatWeeks` sessions at the same time; answers the first. */
export async function createLiveSession(caller: Caller, input: CreateLiveSessionBody): Promise<LiveSession> {
  await requireCohortAccess(caller, input.cohort, 'manageLiveSessions');
  const startsAt = new Date(input.startDate).getTime();
  const endsAt = new Date(input.endDate).getTime();
  const seriesId = input.repeatWeeks > 1 ? randomUUID() : null;
  const db = await getDb();
  if (input.course) await requireCohortCourse(db, input.cohort, input.course);
  const rows = await db
    .insert(liveSessions)
    .values(
      Array.from({ length: input.repeatWeeks }, (_, week) => ({
        cohortId: input.cohort,
        seriesId,
        className: input.className,
        description: input.description,
        videoLink: input.videoLink,
        recordingUrl: input.recordingUrl || null,
        durationS: durationOf(input.duration),
        startsAt: new Date(startsAt + week * WEEK_MS),
        endsAt: new Date(endsAt + week * WEEK_MS),
        wasLive: input.wasLive,
        kind: input.kind ?? 'online',
        place: input.place || null,
        plannedHours: input.plannedHours ?? null,
        courseId: input.course ?? null,
        createdBy: caller.id,
      })),
    )
    .returning({ id: liveSessions.id });
  return getLiveSession(caller, rows[0]!.id);
}

/** Changes a session (its cohort's staff); the dates are checked together with the stored ones. */
export async function updateLiveSession(caller: Caller, sessionId: number, input: UpdateLiveSessionBody): Promise<LiveSession> {
  const { row, canManage } = await findLiveSession(caller, sessionId);
  if (!canManage) throw new AppError('forbidden');
  const startsAt = input.startDate !== undefined ? new Date(input.startDate) : row.startsAt;
  const endsAt = input.endDate !== undefined ? new Date(input.endDate) : row.endsAt;
  if (endsAt.getTime() <= startsAt.getTime()) throw new AppError('validation_failed', { fields: { endDate: 'validation.date.endBeforeStart' } });
  if (input.duration && durationOf(input.duration) === 0) throw new AppError('validation_failed', { fields: { duration: 'validation.required.duration' } });
  const db = await getDb();
  if (input.course) await requireCohortCourse(db, row.cohortId, input.course);
  await db
    .update(liveSessions)
    .set({
      ...(input.className !== undefined && { className: input.className }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.videoLink !== undefined && { videoLink: input.videoLink }),
      ...(input.duration !== undefined && { durationS: durationOf(input.duration) }),
      ...(input.wasLive !== undefined && { wasLive: input.wasLive }),
      ...(input.recordingUrl !== undefined && { recordingUrl: input.recordingUrl || null }),
      ...(input.kind !== undefined && { kind: input.kind }),
      ...(input.place !== undefined && { place: input.place || null }),
      ...(input.plannedHours !== undefined && { plannedHours: input.plannedHours }),
      ...(input.course !== undefined && { courseId: input.course }),
      startsAt,
      endsAt,
      updatedAt: new Date(),
    })
    .where(eq(liveSessions.id, sessionId));
  return getLiveSession(caller, sessionId);
}

/** Deletes a session (its cohort's staff), or with `following` also the later sessions of its series; answers how many. */
export async function deleteLiveSession(caller: Caller, sessionId: number, following = false): Promise<number> {
  const { row, canManage } = await findLiveSession(caller, sessionId);
  if (!canManage) throw new AppError('forbidden');
  const db = await getDb();
  const where = following && row.seriesId ? and(eq(liveSessions.seriesId, row.seriesId), gte(liveSessions.startsAt, row.startsAt)) : eq(liveSessions.id, sessionId);
  const deleted = await db.delete(liveSessions).where(where).returning({ id: liveSessions.id });
  return deleted.length;
}

/** The cohorts whose sessions the caller schedules (the form's choices), each with its courses in order: their ACTIVE cohorts where they are staff; every ACTIVE cohort for platform admins. */
export async function listSchedulableCohorts(caller: Caller): Promise<SchedulableCohort[]> {
  const db = await getDb();
  const columns = { id: cohorts.id, name: cohorts.name };
  let list: { id: number; name: string }[];
  if (isAdmin(caller)) list = await db.select(columns).from(cohorts).where(eq(cohorts.status, 'ACTIVE')).orderBy(asc(cohorts.name)).limit(500);
  else {
    const scope = await cohortScopeOf(caller);
    const ids = (scope.readable ?? []).filter((id) => scope.managed(id));
    list = ids.length ? await db.select(columns).from(cohorts).where(inArray(cohorts.id, ids)).orderBy(asc(cohorts.name)) : [];
  }
  if (list.length === 0) return [];
  const released = await db
    .select({ cohortId: cohortCourses.cohortId, id: courses.id, name: courses.name })
    .from(cohortCourses)
    .innerJoin(courses, eq(courses.id, cohortCourses.courseId))
    .where(inArray(cohortCourses.cohortId, list.map((cohort) => cohort.id)))
    .orderBy(asc(courses.position), asc(courses.id));
  return list.map((cohort) => ({ ...cohort, courses: released.filter((course) => course.cohortId === cohort.id).map(({ id, name }) => ({ id, name })) }));
}
