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
import { cachedRuleInForce } from './approval-rules';
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

/** The cohort the student's line is about: the oldest they study in, of their training path (/home) or with the course released to them. */
async function studentCohortOf(caller: Caller, scope: MyApprovalScope): Promise<{ id: number; programId: number | null } | undefined> {
  const studied = (await listActiveCatalogsOf(caller.id)).filter(({ roleId }) => roleId === ROLE_IDS.student).map(({ catalog }) => catalog.cohort);
  let inScope: typeof studied;
  if ('course' in scope) {
    const released = new Set(await studentCohortsOf(caller.id, scope.course));
    inScope = studied.filter((cohort) => released.has(cohort.id));
  } else {
    const { trainingPathId } = scope;
    inScope = trainingPathId ? studied.filter((cohort) => cohort.learningPathId === trainingPathId) : studied;
  }
  // The same cohort as the student's own grades read (the oldest one).
  return inScope.sort((a, b) => a.id - b.id)[0];
}

/** The caller's approval state and what they still lack in their cohort; null when they study in none there, or when neither its program nor the cohort has set a rule. */
export async function findMyApproval(caller: Caller, t: Translate, scope: MyApprovalScope, now = new Date()): Promise<MyApproval | null> {
  const cohort = await studentCohortOf(caller, scope);
  if (!cohort) return null;
  // The defaults hold every cohort; a line is shown only for a rule someone set.
  if ((await cachedRuleInForce(cohort)).source === 'default') return null;
  const db = await getDb();
  const grades = await computeCohortGrades(db, cohort.id, now, caller.id);
  const approval = grades?.approvals.find((item) => item.userId === caller.id);
  if (!approval) return null;
  return { cohortId: cohort.id, state: approval.state, line: missingLineOf(t, approval.missing) };
}
