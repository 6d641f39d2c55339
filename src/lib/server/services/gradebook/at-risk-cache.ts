/**
 * How many students of a cohort are at risk of not approving, kept per
 * cohort for the dashboards (the tutor's /home, /admin), which would
 * otherwise compute every cohort's gradebook on every load (ADR 027).
 * Every server drops a cohort's count when its inputs change (the change
 * feed, ADR 006): a student's grades, lessons or attendance drop the cohorts
 * that student was counted in; a cohort's members, sessions, overrides or
 * rule drop that cohort; a course's categories and items, or a program's
 * rule, drop them all. States also move with the clock alone (a due date
 * passes, the last quarter of the cohort begins), so entries expire.
 */
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import type { DataChange } from '~/lib/server/cache/change-feed';
import type { DbOrTx } from '~/lib/server/db/client';
import { approvalsOf } from './approvals';

type ChangeKeys = NonNullable<DataChange['keys']>;

/** The cohorts each student was last counted in, so a change to that student's work finds them. */
const cohortsOfStudent = new Map<number, Set<number>>();

const byStudents = (keys: ChangeKeys): number[] | 'all' => {
  const userIds = idsOf(keys, 'user_id');
  if (userIds.length === 0) return 'all';
  return [...new Set(userIds.flatMap((userId) => [...(cohortsOfStudent.get(userId) ?? [])]))];
};
const byCohorts =
  (column: string) =>
  (keys: ChangeKeys): number[] | 'all' => {
    const cohortIds = idsOf(keys, column);
    return cohortIds.length === 0 ? 'all' : cohortIds;
  };
const everyCohort = (): 'all' => 'all';

const counts = defineCache<number, number>({
  ttlMs: 5 * 60_000,
  max: 20_000,
  invalidatedBy: {
    submissions: byStudents,
    quiz_attempts: byStudents,
    lesson_history: byStudents,
    live_attendance: byStudents,
    memberships: byCohorts('cohort_id'),
    grade_overrides: byCohorts('cohort_id'),
    live_sessions: byCohorts('cohort_id'),
    cohort_courses: byCohorts('cohort_id'),
    assignment_due_dates: byCohorts('cohort_id'),
    cohorts: byCohorts('id'),
    approval_rules: everyCohort,
    grade_categories: everyCohort,
    assignments: everyCohort,
    quizzes: everyCohort,
    lessons: everyCohort,
    courses: everyCohort,
  },
});

/** How many of the cohort's students are `at_risk` now (cached per cohort; see the module comment). */
export function countAtRisk(db: DbOrTx, cohortId: number): Promise<number> {
  return counts.getOrLoad(cohortId, async () => {
    const approvals = await approvalsOf(db, cohortId);
    for (const approval of approvals) {
      const cohortIds = cohortsOfStudent.get(approval.userId) ?? new Set<number>();
      cohortIds.add(cohortId);
      cohortsOfStudent.set(approval.userId, cohortIds);
    }
    return approvals.filter((approval) => approval.state === 'at_risk').length;
  });
}
