/**
 * A tutor's to-do list across their cohorts (an admin's across all): the
 * submissions waiting for a grade, the quiz answers waiting for a hand grade
 * and the forum reports nobody has reviewed, one line per assignment, quiz or
 * forum, the oldest waiting first. The same scope and counts as the
 * dashboard's (its "entregas por calificar" links here).
 */
import { sql } from 'drizzle-orm';
import type { Caller } from '~/lib/server/access/permissions';
import { requireReportAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';
import { dateOf } from './report-types';
import { listScopeCohorts, studentMembersOf } from './write-report';

export type PendingKind = 'submissions' | 'quizAnswers' | 'reports';

export interface PendingItem {
  kind: PendingKind;
  /** The assignment, quiz or forum. */
  id: number;
  title: string;
  /** The course (or, for a forum, its cohort or program). */
  context: string;
  count: number;
  /** When the oldest of them came in. */
  oldestAt: string;
}

/** Lines listed at most (the counts cover everything). */
const PENDING_LISTED = 100;

type Row = { id: number; title: string; context: string; n: number; oldest: unknown };
const toItems = (kind: PendingKind, rows: Row[]): PendingItem[] =>
  rows.map((row) => ({ kind, id: Number(row.id), title: String(row.title), context: String(row.context), count: Number(row.n), oldestAt: dateOf(row.oldest)?.toISOString() ?? new Date(0).toISOString() }));

/** The caller's pending work, oldest first (403 for students). */
export async function listPendingWork(caller: Caller): Promise<PendingItem[]> {
  const scope = await requireReportAccess(caller);
  const cohortIds = await listScopeCohorts(scope, {});
  if (cohortIds.length === 0) return [];
  const members = studentMembersOf(cohortIds);
  const inScope = sql.join(
    cohortIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const db = await getDb();
  const [submissions, quizAnswers, reports] = await Promise.all([
    db.execute(sql`select a.id, a.title, co.name as context, count(distinct m.user_id)::int as n, min(s.submitted_at) as oldest
      from memberships m join cohort_courses cc on cc.cohort_id = m.cohort_id
      join assignments a on a.course_id = cc.course_id and a.published join courses co on co.id = a.course_id
      join lateral (select s.score, s.submitted_at from submissions s where s.assignment_id = a.id and s.user_id = m.user_id order by s.number desc limit 1) s on true
      where ${members} and s.score is null group by a.id, a.title, co.name`),
    db.execute(sql`select q.id, q.title, co.name as context, count(distinct qa.id)::int as n, min(qa.completed_at) as oldest
      from memberships m join cohort_courses cc on cc.cohort_id = m.cohort_id
      join quizzes q on q.course_id = cc.course_id join courses co on co.id = q.course_id
      join quiz_attempts qa on qa.quiz_id = q.id and qa.user_id = m.user_id and qa.status = 'completed' and qa.pending_manual_grading
      where ${members} group by q.id, q.title, co.name`),
    db.execute(sql`select f.id, f.title, coalesce(c.name, p.name, '') as context, count(*)::int as n, min(r.created_at) as oldest
      from forum_reports r join forums f on f.id = r.forum_id
      left join cohorts c on c.id = f.cohort_id left join programs p on p.id = f.program_id
      where r.resolved_at is null and (f.cohort_id in (${inScope}) or f.program_id in (select program_id from cohorts where id in (${inScope})))
      group by f.id, f.title, c.name, p.name`),
  ]);
  return [...toItems('submissions', rowsOf<Row>(submissions)), ...toItems('quizAnswers', rowsOf<Row>(quizAnswers)), ...toItems('reports', rowsOf<Row>(reports))]
    .sort((a, b) => a.oldestAt.localeCompare(b.oldestAt) || a.title.localeCompare(b.title))
    .slice(0, PENDING_LISTED);
}
