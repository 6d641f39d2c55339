/**
 * The grading list: every student of an assignment whom the caller sees
 * (their cohorts' students; platform admins all), with their latest
 * submission and where they stand (not graded, resubmitted, missing,
 * graded), filtered, searched and sorted in one query. Each student has a
 * number on the assignment ("Estudiante 3"), the same for every grader:
 * their rank by a hash of the assignment and their id among everyone who
 * could submit, so it says nothing about when or whether they did.
 */
import { sql, type SQL } from 'drizzle-orm';
import { finalScoreOf, ROSTER_STATES, type RosterFilter, type RosterSort } from '~/lib/shared/assignments';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { RosterCounts, RosterRow } from '~/lib/shared/schemas/assignments';
import type { Translate } from '~/i18n';
import type { AttemptScope } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';
import { containsPattern } from '~/lib/server/db/like-pattern';

export interface RosterRequest {
  assignmentId: number;
  programId: number;
  /** Names hidden: search matches nothing but the student's number, sorting by name sorts by number. */
  anonymous: boolean;
  scope: AttemptScope;
  cohortId?: number;
  status?: RosterFilter;
  search?: string;
  sort: RosterSort;
  /** Without them, every row (the grading view's whole list). */
  limit?: number;
  offset?: number;
}

interface RawRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  cohort_id: number;
  n: number;
  submission_id: number | null;
  status: 'submitted' | 'late' | null;
  /** ISO 8601, UTC. */
  submitted_at: string | null;
  score: number | null;
  penalty_percent: number | null;
  late_days: number | null;
  submissions_count: number;
  state: number;
  files_count: number;
}

/** Which of a program's student memberships put the student in the roster: ACTIVE, in an ACTIVE cohort, in the caller's scope (and the cohort asked for). */
function inRoster(request: RosterRequest): SQL {
  const { scope, cohortId } = request;
  const inScope =
    scope.kind === 'all'
      ? sql`true`
      : scope.kind === 'own'
        ? sql`m.user_id = ${scope.userId}`
        : scope.cohortIds.length === 0
          ? sql`false`
          : sql`m.cohort_id in (${sql.join(scope.cohortIds.map((id) => sql`${id}`), sql`, `)})`;
  return sql`m.status = 'ACTIVE' and c.status = 'ACTIVE' and ${inScope} ${cohortId ? sql`and m.cohort_id = ${cohortId}` : sql``}`;
}

/**
 * `with` clauses every roster query starts from. One pass over the
 * program's student memberships gives everyone who could submit (plus
 * anyone who did), numbered, with the cohort that puts them in this roster
 * (null: not in it); each one's latest submission and counts are index
 * lookups. No join depends on the planner's statistics being right (right
 * after a burst of submissions they say the table is empty, and a nested
 * loop over the numbering took seconds for 1,000 students).
 */
function rosterBase(request: RosterRequest): SQL {
  const { assignmentId, programId } = request;
  return sql`with population as (
      select m.user_id, min(m.cohort_id) filter (where ${inRoster(request)}) as cohort_id
      from memberships m join cohorts c on c.id = m.cohort_id
      where c.program_id = ${programId} and m.role_id = ${ROLE_IDS.student}
      group by m.user_id
      union all
      select s.user_id, null from (select distinct user_id from submissions where assignment_id = ${assignmentId}) s
      where not exists (select 1 from memberships m join cohorts c on c.id = m.cohort_id where m.user_id = s.user_id and c.program_id = ${programId} and m.role_id = ${ROLE_IDS.student})
    ),
    numbered as (select user_id, cohort_id, row_number() over (order by md5(${assignmentId}::text || ':' || user_id::text), user_id)::int as n from population),
    roster as (
      select st.user_id, u.first_name, u.last_name, u.email, st.cohort_id, st.n,
        l.id as submission_id, l.status,
        -- ISO 8601 text written by the database: no date parsed and printed again per row (it sorts as the instant).
        to_char(l.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as submitted_at,
        l.score, l.penalty_percent, l.late_days, coalesce(l.submissions_count, 0) as submissions_count,
        case when l.id is null then 2 when l.score is not null then 3 when l.last_graded is not null then 1 else 0 end as state,
        (select count(*)::int from submission_files f where f.submission_id = l.id) as files_count
      from numbered st
      join users u on u.id = st.user_id
      left join lateral (
        -- The latest submission, and (windows over all of them, before the limit) how many and the last graded: one index scan.
        select s.id, s.status, s.submitted_at, s.score, s.penalty_percent, s.late_days,
          count(*) over ()::int as submissions_count, max(s.number) filter (where s.score is not null) over () as last_graded
        from submissions s
        where s.assignment_id = ${assignmentId} and s.user_id = st.user_id order by s.number desc limit 1
      ) l on true
      where st.cohort_id is not null
    )`;
}


function filterOf(request: RosterRequest): SQL {
  const conditions: SQL[] = [];
  switch (request.status) {
    case 'missing':
      conditions.push(sql`submission_id is null`);
      break;
    case 'submitted':
      conditions.push(sql`submission_id is not null and score is null`);
      break;
    case 'late':
      conditions.push(sql`status = 'late'`);
      break;
    case 'graded':
      conditions.push(sql`score is not null`);
      break;
  }
  const search = request.search?.trim();
  if (search) {
    if (request.anonymous) {
      // Only the student's number can be looked for while names are hidden.
      const digits = /\d+/.exec(search)?.[0];
      conditions.push(digits ? sql`n = ${Number(digits)}` : sql`false`);
    } else {
      const pattern = containsPattern(search);
      conditions.push(sql`(first_name ilike ${pattern} or last_name ilike ${pattern} or email ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern})`);
    }
  }
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

function orderOf(request: RosterRequest): SQL {
  const byName = request.anonymous ? sql`n` : sql`lower(last_name), lower(first_name), user_id`;
  switch (request.sort) {
    case 'name':
      return byName;
    case 'submittedAt':
      return sql`submitted_at collate "C" asc nulls last, ${byName}`;
    case 'status':
      return sql`state, ${byName}`;
  }
}

function toRow(raw: RawRow, anonymous: boolean): RosterRow {
  return {
    anonymousNumber: raw.n,
    student: anonymous ? null : { id: raw.user_id, firstName: raw.first_name, lastName: raw.last_name, email: raw.email },
    cohortId: raw.cohort_id,
    state: ROSTER_STATES[raw.state]!,
    isLate: raw.status === 'late',
    lateDays: raw.late_days ?? 0,
    submissionId: raw.submission_id,
    submissionsCount: raw.submissions_count,
    submittedAt: raw.submitted_at,
    rawScore: raw.score,
    score: finalScoreOf(raw.score, raw.penalty_percent ?? 0),
    penaltyPercent: raw.penalty_percent ?? 0,
    filesCount: raw.files_count,
  };
}

/** The counts by state of every row of the roster (the columns both queries below compute). */
const countColumns = (over: SQL) => sql`count(*) ${over} ::int as total,
      count(*) filter (where submission_id is null) ${over} ::int as missing,
      count(*) filter (where submission_id is not null and score is null) ${over} ::int as submitted,
      count(*) filter (where status = 'late') ${over} ::int as late,
      count(*) filter (where score is not null) ${over} ::int as graded`;

type CountRow = RosterCounts & { matching: number };

/**
 * The roster's rows (a page of them with `limit`), how many match, and the
 * counts by state of everyone in the scope: one query, the counts computed
 * over the whole roster as window aggregates before the filter; only when
 * nothing matches are the counts read by a second one.
 */
export async function readRoster(request: RosterRequest): Promise<{ rows: RosterRow[]; matching: number; counts: RosterCounts }> {
  const db = await getDb();
  const window = request.limit !== undefined ? sql`limit ${request.limit} offset ${request.offset ?? 0}` : sql``;
  const result = await db.execute(sql`${rosterBase(request)},
    counted as (select roster.*, ${countColumns(sql`over ()`)}, (${filterOf(request)}) as matches from roster),
    kept as (select counted.*, count(*) over ()::int as matching from counted where matches)
    select * from kept order by ${orderOf(request)} ${window}`);
  const raws = rowsOf<RawRow & CountRow>(result);
  let counts: CountRow;
  if (raws[0]) counts = raws[0];
  else {
    const totals = await db.execute(sql`${rosterBase(request)} select ${countColumns(sql``)}, count(*) filter (where ${filterOf(request)})::int as matching from roster`);
    counts = rowsOf<CountRow>(totals)[0] ?? { total: 0, missing: 0, submitted: 0, late: 0, graded: 0, matching: 0 };
  }
  const { total, missing, submitted, late, graded, matching } = counts;
  return { rows: raws.map((raw) => toRow(raw, request.anonymous)), matching, counts: { total, missing, submitted, late, graded } };
}

/** The number ("Estudiante n") of some students on an assignment (see the module comment). */
export async function readAnonymousNumbers(assignmentId: number, programId: number, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const db = await getDb();
  const result = await db.execute(sql`with population as (
      select m.user_id from memberships m join cohorts c on c.id = m.cohort_id where c.program_id = ${programId} and m.role_id = ${ROLE_IDS.student}
      union select user_id from submissions where assignment_id = ${assignmentId}
    ),
    numbers as (select user_id, row_number() over (order by md5(${assignmentId}::text || ':' || user_id::text), user_id)::int as n from population)
    select user_id, n from numbers where user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rowsOf<{ user_id: number; n: number }>(result).map((row) => [row.user_id, row.n]));
}

/** What a grader calls a student: their name, or "Estudiante n" while anonymous (the grading sheet, the zip's folders). */
export const studentLabelOf = (row: Pick<RosterRow, 'student' | 'anonymousNumber'>, t: Translate): string =>
  row.student ? `${row.student.lastName}, ${row.student.firstName}` : t('assignments.anonymousStudent', { number: row.anonymousNumber });
