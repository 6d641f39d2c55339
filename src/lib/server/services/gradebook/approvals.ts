/**
 * Students' approval states in a cohort (ADR 027): `approvalsOf` is what
 * other domains read (certificates), the list is what the staff see.
 * Computed per request from the database (no copy kept on any server), so a
 * new grade, completed lesson or attendance record counts at once everywhere.
 */
import type { Translate } from '~/i18n';
import { AppError } from '~/lib/shared/errors';
import type { ApprovalMissing, ApprovalState } from '~/lib/shared/gradebook';
import { requireReadGradebook, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import type { ApprovalRuleView } from '~/lib/shared/schemas/gradebook';
import { cohortRoleOf } from './approval-rules';
import { computeCohortGrades, computeCohortsGrades, type CohortGrades } from './compute-cohort-grades';
import { missingLineOf } from './missing-line';

/** One student's approval in a cohort, as other domains read it. */
export interface ApprovalOfStudent {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  state: ApprovalState;
  missing: ApprovalMissing;
  /** The grade the rule was checked against (the lowest course's, or their mean), 0.0–5.0; null: nothing graded. */
  grade: number | null;
  completionPercent: number;
  attendancePercent: number;
  courses: { courseId: number; grade: number | null; overridden: boolean }[];
}

/**
 * The approval state of every ACTIVE student of a cohort, now, ordered by
 * last and first name. No permission check: callers decide who may read
 * it. An unknown cohort has no students ([]).
 */
export async function approvalsOf(db: DbOrTx, cohortId: number, now: Date = new Date()): Promise<ApprovalOfStudent[]> {
  const grades = await computeCohortGrades(db, cohortId, now);
  return grades ? approvalsIn(grades) : [];
}

/** `approvalsOf` for several cohorts at once, read set-wise (a report over every cohort), by cohort id. */
export async function approvalsOfCohorts(db: DbOrTx, cohortIds: readonly number[], now: Date = new Date()): Promise<Map<number, ApprovalOfStudent[]>> {
  const grades = await computeCohortsGrades(db, cohortIds, now);
  return new Map(cohortIds.map((cohortId) => [cohortId, grades.has(cohortId) ? approvalsIn(grades.get(cohortId)!) : []]));
}

function approvalsIn(grades: CohortGrades): ApprovalOfStudent[] {
  return grades.approvals.map(({ userId, firstName, lastName, email, state, missing, grade, completionPercent, attendancePercent, courses }) => ({
    userId,
    firstName,
    lastName,
    email,
    state,
    missing,
    grade,
    completionPercent,
    attendancePercent,
    courses,
  }));
}

/** A cohort's approvals for its staff (tutors, cohort admins, admins), each with what is missing as a sentence. */
export async function listApprovals(caller: Caller, cohortId: number, t: Translate): Promise<{ rule: ApprovalRuleView; results: (ApprovalOfStudent & { line: string | null })[] }> {
  requireReadGradebook(caller, await cohortRoleOf(caller, cohortId));
  const grades = await computeCohortGrades(await getDb(), cohortId);
  if (!grades) throw new AppError('not_found');
  return {
    rule: grades.rule,
    results: grades.approvals.map((row) => ({
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      state: row.state,
      missing: row.missing,
      line: missingLineOf(t, row.missing),
      grade: row.grade,
      completionPercent: row.completionPercent,
      attendancePercent: row.attendancePercent,
      courses: row.courses,
    })),
  };
}
