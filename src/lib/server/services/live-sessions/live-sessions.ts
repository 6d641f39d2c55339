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
import { getDb } from '~/lib/server/db/client';
import { cohorts, liveAttendance, liveSessions } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';

type SessionRow = typeof liveSessions.$inferSelect & { cohortName: string; myStatus: AttendanceStatus | null; attendanceCount: number };

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
    results: rows.map((row) => toLiveSession({ ...row.session, cohortName: row.cohortName, myStatus: row.myStatus, attendanceCount: row.attendanceCount }, scope.managed(row.session.cohortId), now)),
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
  return { row: { ...found.session, cohortName: found.cohortName, myStatus: found.myStatus, attendanceCount: found.attendanceCount }, canManage: scope.managed(found.session.cohortId) };
}

/** One session as the caller sees it. */
export async function getLiveSession(caller: Caller, sessionId: number, now = new Date()): Promise<LiveSession> {
  const { row, canManage } = await findLiveSession(caller, sessionId);
  return toLiveSession(row, canManage, now);
}

const durationOf = (duration: { minutes: number; seconds: number }) => duration.minutes * 60 + duration.seconds;

/** Schedules a session in a cohort (its staff), or a weekly series of `repeatWeeks` sessions at the same time; answers the first. */
export async function createLiveSession(caller: Caller, input: CreateLiveSessionBody): Promise<LiveSession> {
  await requireCohortAccess(caller, input.cohort, 'manageLiveSessions');
  const startsAt = new Date(input.startDate).getTime();
  const endsAt = new Date(input.endDate).getTime();
  const seriesId = input.repeatWeeks > 1 ? randomUUID() : null;
  const db = await getDb();
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

/** The cohorts whose sessions the caller schedules (the form's choices): their ACTIVE cohorts where they are staff; every ACTIVE cohort for platform admins. */
export async function listSchedulableCohorts(caller: Caller): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  const columns = { id: cohorts.id, name: cohorts.name };
  if (isAdmin(caller)) return db.select(columns).from(cohorts).where(eq(cohorts.status, 'ACTIVE')).orderBy(asc(cohorts.name)).limit(500);
  const scope = await cohortScopeOf(caller);
  const ids = (scope.readable ?? []).filter((id) => scope.managed(id));
  return ids.length ? db.select(columns).from(cohorts).where(inArray(cohorts.id, ids)).orderBy(asc(cohorts.name)) : [];
}
