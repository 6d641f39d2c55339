/**
 * A student's own approval line ("Te falta: …"), for the pages they land on
 * (/home, a course page): server-rendered, one computation of their row
 * only, and none at all when no program or cohort rule is set.
 */
import type { Translate } from '~/i18n';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { ApprovalState } from '~/lib/shared/gradebook';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { studentCohortsOf } from '~/lib/server/services/assignments/due-dates';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';
import { readRuleInForce } from './approval-rules';
import { computeCohortGrades } from './compute-cohort-grades';
import { missingLineOf } from './missing-line';

export interface MyApproval {
  cohortId: number;
  state: ApprovalState;
  /** What is still missing, as one sentence; null when nothing is. */
  line: string | null;
}

/** Where the student's cohort is looked for: their training path's (/home) or a course's (its page). */
export type MyApprovalScope = { trainingPathId: number | null } | { course: { id: number; programId: number } };

async function studentCohortOf(caller: Caller, scope: MyApprovalScope): Promise<number | undefined> {
  const ids =
    'course' in scope
      ? await studentCohortsOf(caller.id, scope.course)
      : (await listActiveCatalogsOf(caller.id, scope.trainingPathId)).filter(({ roleId }) => roleId === ROLE_IDS.student).map(({ catalog }) => catalog.cohort.id);
  // The same cohort as the student's own grades read (the oldest one).
  return [...ids].sort((a, b) => a - b)[0];
}

/** The caller's approval state and what they still lack in their cohort; null when they study in none there, or when neither its program nor the cohort has set a rule. */
export async function findMyApproval(caller: Caller, t: Translate, scope: MyApprovalScope, now = new Date()): Promise<MyApproval | null> {
  const cohortId = await studentCohortOf(caller, scope);
  if (cohortId === undefined) return null;
  const db = await getDb();
  const cohort = (await listActiveCatalogsOf(caller.id)).find(({ catalog }) => catalog.cohort.id === cohortId)?.catalog.cohort;
  if (!cohort) return null;
  // The defaults hold every cohort; a line is shown only for a rule someone set.
  if ((await readRuleInForce(db, cohort)).source === 'default') return null;
  const grades = await computeCohortGrades(db, cohortId, now, caller.id);
  const approval = grades?.approvals.find((item) => item.userId === caller.id);
  if (!approval) return null;
  return { cohortId, state: approval.state, line: missingLineOf(t, approval.missing) };
}
