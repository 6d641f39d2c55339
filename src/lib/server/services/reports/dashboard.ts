/**
 * The figures of the admin and tutor dashboard, over the same cohorts and
 * the same SQL fragments as the reports (report-types.ts), so a chart and
 * the file behind it agree: progress by cohort is the mean of the progress
 * report's "Progreso (%)", submissions waiting are the grades report's
 * assignments "Por calificar", attendance the attendance report's "Sí" share.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '~/lib/server/access/permissions';
import { requireReportAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';
import { courseHistoryOf, PUBLISHED_LESSONS, dateOf } from './report-types';
import { listScopeCohorts, studentMembersOf, type ReportFilters } from './write-report';

/** A student without lesson, quiz or submission activity for this long is at risk. */
export const INACTIVE_AFTER_DAYS = 14;
/** Weeks of registrations shown. */
const REGISTRATION_WEEKS = 12;
/** Students at risk listed by name (the count covers them all). */
const AT_RISK_LISTED = 10;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface CohortFigure {
  cohortId: number;
  cohort: string;
  value: number;
  /** What the value is out of (students, sessions × students…). */
  total: number;
}

export interface AtRiskStudent {
  name: string;
  email: string;
  cohort: string;
  lastActivity: string | null;
  overdue: number;
}

export interface DashboardFigures {
  students: number;
  progressByCohort: CohortFigure[];
  atRisk: { count: number; inactive: number; behind: number; listed: AtRiskStudent[] };
  waitingForGrading: CohortFigure[];
  quizPassRates: { quiz: string; course: string; passed: number; graded: number }[];
  attendanceByCohort: CohortFigure[];
  /** Monday of each week (Bogotá) and the students who registered that week. */
  registrations: { week: string; count: number }[];
}

const figures = (rows: Record<string, unknown>[]): CohortFigure[] =>
  rows.map((row) => ({ cohortId: Number(row.id), cohort: String(row.name), value: Number(row.value), total: Number(row.total) }));

async function readProgressByCohort(members: SQL) {
  const db = await getDb();
  return figures(
    rowsOf(
      await db.execute(sql`with page as (select m.id, m.user_id, m.cohort_id from memberships m where ${members}),
          cl as (${PUBLISHED_LESSONS}), h as (${courseHistoryOf(sql.raw('page'))})
        select c.id, c.name, count(distinct m.id)::int as total,
          coalesce(round(avg(case when coalesce(cl.total, 0) = 0 then 0 else floor(least(coalesce(h.completed, 0), cl.total) * 100.0 / cl.total) end)), 0)::int as value
        from page m join cohorts c on c.id = m.cohort_id
        join cohort_courses cc on cc.cohort_id = m.cohort_id join courses co on co.id = cc.course_id and co.status = 'ACTIVE'
        left join cl on cl.course_id = co.id
        left join h on h.user_id = m.user_id and h.course_id = co.id
        group by c.id, c.name order by c.name, c.id`),
    ),
  );
}

async function readAtRisk(members: SQL): Promise<DashboardFigures['atRisk']> {
  const db = await getDb();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`with risk as (
        select m.id, c.name as cohort, u.first_name, u.last_name, u.email, act.last_activity, coalesce(od.overdue, 0) as overdue
        from memberships m join users u on u.id = m.user_id join cohorts c on c.id = m.cohort_id
        left join lateral (select greatest(
            (select max(greatest(lh.started_at, lh.completed_at, lh.updated_at)) from lesson_history lh where lh.user_id = m.user_id),
            (select max(qa.started_at) from quiz_attempts qa where qa.user_id = m.user_id),
            (select max(s.submitted_at) from submissions s where s.user_id = m.user_id)) as last_activity) act on true
        left join lateral (select count(*)::int as overdue from cohort_courses cc
            join assignments a on a.course_id = cc.course_id and a.published
            left join assignment_due_dates dd on dd.cohort_id = m.cohort_id and dd.assignment_id = a.id
            where cc.cohort_id = m.cohort_id and coalesce(dd.due_at, a.due_at) < now()
              and not exists (select 1 from submissions s where s.assignment_id = a.id and s.user_id = m.user_id)) od on true
        where ${members})
      select *, count(*) over ()::int as total,
        count(*) filter (where last_activity is null or last_activity < now() - make_interval(days => ${INACTIVE_AFTER_DAYS})) over ()::int as inactive,
        count(*) filter (where overdue > 0) over ()::int as behind
      from risk where last_activity is null or last_activity < now() - make_interval(days => ${INACTIVE_AFTER_DAYS}) or overdue > 0
      order by overdue desc, last_activity asc nulls first, id limit ${AT_RISK_LISTED}`),
  );
  const first = rows[0];
  return {
    count: Number(first?.total ?? 0),
    inactive: Number(first?.inactive ?? 0),
    behind: Number(first?.behind ?? 0),
    listed: rows.map((row) => ({
      name: `${String(row.first_name)} ${String(row.last_name)}`,
      email: String(row.email),
      cohort: String(row.cohort),
      lastActivity: dateOf(row.last_activity)?.toISOString() ?? null,
      overdue: Number(row.overdue),
    })),
  };
}

async function readWaitingForGrading(members: SQL) {
  const db = await getDb();
  return figures(
    rowsOf(
      await db.execute(sql`select c.id, c.name, count(*)::int as value, count(*)::int as total
        from memberships m join cohorts c on c.id = m.cohort_id
        join cohort_courses cc on cc.cohort_id = m.cohort_id join assignments a on a.course_id = cc.course_id and a.published
        join lateral (select s.score from submissions s where s.assignment_id = a.id and s.user_id = m.user_id order by s.number desc limit 1) s on true
        where ${members} and s.score is null group by c.id, c.name order by c.name, c.id`),
    ),
  );
}

async function readQuizPassRates(members: SQL) {
  const db = await getDb();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select q.title, co.name as course, count(*) filter (where not best.pending_manual_grading)::int as graded,
        count(*) filter (where best.passed and not best.pending_manual_grading)::int as passed
      from memberships m join cohort_courses cc on cc.cohort_id = m.cohort_id
      join quizzes q on q.course_id = cc.course_id and q.published join courses co on co.id = q.course_id
      join lateral (select qa.passed, qa.pending_manual_grading from quiz_attempts qa
        where qa.quiz_id = q.id and qa.user_id = m.user_id and qa.status = 'completed' order by qa.percent desc nulls last, qa.id desc limit 1) best on true
      where ${members} group by q.id, q.title, co.name, co.position order by co.position, q.title limit 12`),
  );
  return rows.map((row) => ({ quiz: String(row.title), course: String(row.course), passed: Number(row.passed), graded: Number(row.graded) }));
}

async function readAttendanceByCohort(members: SQL) {
  const db = await getDb();
  return figures(
    rowsOf(
      await db.execute(sql`select c.id, c.name, count(*)::int as total, (count(la.user_id) filter (where la.status in ('present', 'late')))::int as value
        from memberships m join cohorts c on c.id = m.cohort_id
        join live_sessions ls on ls.cohort_id = m.cohort_id and ls.starts_at <= now()
        left join live_attendance la on la.session_id = ls.id and la.user_id = m.user_id
        where ${members} group by c.id, c.name order by c.name, c.id`),
    ),
  );
}

/** The Monday (Bogotá) of the week an instant falls in, as YYYY-MM-DD. */
const mondayOf = (instant: number) => {
  const local = new Date(instant - 5 * 60 * 60 * 1000);
  local.setUTCHours(0, 0, 0, 0);
  local.setUTCDate(local.getUTCDate() - ((local.getUTCDay() + 6) % 7));
  return local.toISOString().slice(0, 10);
};

async function readRegistrations(members: SQL, now: Date) {
  const db = await getDb();
  const since = mondayOf(now.getTime() - (REGISTRATION_WEEKS - 1) * WEEK_MS);
  const rows = rowsOf<{ week: unknown; count: number }>(
    await db.execute(sql`select to_char(date_trunc('week', u.created_at at time zone 'America/Bogota'), 'YYYY-MM-DD') as week, count(distinct u.id)::int as count
      from memberships m join users u on u.id = m.user_id
      where ${members} and (u.created_at at time zone 'America/Bogota') >= ${since}::date group by 1`),
  );
  const byWeek = new Map(rows.map((row) => [String(row.week), Number(row.count)]));
  return Array.from({ length: REGISTRATION_WEEKS }, (_, index) => {
    const week = mondayOf(now.getTime() - (REGISTRATION_WEEKS - 1 - index) * WEEK_MS);
    return { week, count: byWeek.get(week) ?? 0 };
  });
}

/** The dashboard's figures for the caller's cohorts within the filters (403 for students, 404 for a cohort or path they do not see). */
export async function getDashboardFigures(caller: Caller, filters: ReportFilters, now = new Date()): Promise<DashboardFigures> {
  const scope = await requireReportAccess(caller);
  const members = studentMembersOf(await listScopeCohorts(scope, filters));
  const db = await getDb();
  const [students] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from memberships m where ${members}`));
  const [progressByCohort, atRisk, waitingForGrading, quizPassRates, attendanceByCohort, registrations] = await Promise.all([
    readProgressByCohort(members),
    readAtRisk(members),
    readWaitingForGrading(members),
    readQuizPassRates(members),
    readAttendanceByCohort(members),
    readRegistrations(members, now),
  ]);
  return { students: Number(students?.n ?? 0), progressByCohort, atRisk, waitingForGrading, quizPassRates, attendanceByCohort, registrations };
}

export interface ScopeChoices {
  paths: { id: number; name: string }[];
  cohorts: { id: number; name: string; learningPathId: number }[];
}

/** The learning paths and cohorts the caller may filter the dashboard and reports by (their scope). */
export async function listScopeChoices(caller: Caller): Promise<ScopeChoices> {
  const scope = await requireReportAccess(caller);
  const ids = await listScopeCohorts(scope, {});
  if (ids.length === 0) return { paths: [], cohorts: [] };
  const db = await getDb();
  const rows = rowsOf<{ id: number; name: string; path_id: number; path_name: string }>(
    await db.execute(sql`select c.id, c.name, lp.id as path_id, lp.name as path_name from cohorts c join learning_paths lp on lp.id = c.learning_path_id
      where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by lp.name, c.name, c.id`),
  );
  const paths = new Map(rows.map((row) => [row.path_id, { id: row.path_id, name: row.path_name }]));
  return { paths: [...paths.values()], cohorts: rows.map((row) => ({ id: row.id, name: row.name, learningPathId: row.path_id })) };
}
