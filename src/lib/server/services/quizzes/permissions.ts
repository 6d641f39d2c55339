/** Who sees, takes and authors quizzes, and whose attempts a caller sees (collected by access/permissions.ts). */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ROLE_IDS, type RecordStatus } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { memberships } from '~/lib/server/db/schema';
import { isAdmin, managedCohortIdsOf, type Caller, type Membership } from '~/lib/server/access/permission-basics';
import { canReadContent, requireReadContent, type ContentAccess } from '~/lib/server/services/content/permissions';

/**
 * Readers of a released course (its students) see its published quizzes and
 * take them; managers see every quiz and author it. A quiz that is not
 * published does not exist for readers (404).
 */
export function canReadQuiz(access: ContentAccess, quiz: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): boolean {
  return canReadContent(access, courseStatus) && (access === 'manage' || quiz.published);
}

/** Throws 404 unless the caller may see the quiz (canReadQuiz). */
export function requireReadQuiz(access: ContentAccess, quiz: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): void {
  if (!canReadQuiz(access, quiz, courseStatus)) throw new AppError('not_found');
}

/**
 * Only readers take a quiz: managers author it and preview it in the editor,
 * so their attempts never mix with the students' results. Anyone who cannot
 * read the course gets 404; a manager, 403.
 */
export function requireTakeQuiz(access: ContentAccess, courseStatus: RecordStatus = 'ACTIVE'): void {
  requireReadContent(access, courseStatus);
  if (access !== 'read') throw new AppError('forbidden');
}

/**
 * Whose attempts at a quiz a caller sees: platform admins every student's;
 * tutors and cohort admins those of the students of the ACTIVE cohorts they
 * manage; a student their own.
 */
export type AttemptScope = { kind: 'all' } | { kind: 'cohorts'; cohortIds: number[] } | { kind: 'own'; userId: number };

export function attemptScopeOf(caller: Caller, access: ContentAccess, list: readonly Membership[]): AttemptScope {
  if (isAdmin(caller)) return { kind: 'all' };
  if (access === 'manage') return { kind: 'cohorts', cohortIds: managedCohortIdsOf(list) };
  return { kind: 'own', userId: caller.id };
}

/**
 * SQL condition over a column holding the attempt's student: visible in the
 * scope (another cohort's student's attempt is simply not found). With
 * `cohortId`, only that cohort's students (within the scope).
 */
export function attemptVisibleIn(scope: AttemptScope, userId: AnyColumn, cohortId?: number): SQL {
  const inCohort = (ids: readonly number[]) =>
    ids.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${userId} and ${memberships.roleId} = ${ROLE_IDS.student} and ${memberships.cohortId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))`;
  switch (scope.kind) {
    case 'all':
      return cohortId === undefined ? sql`true` : inCohort([cohortId]);
    case 'cohorts':
      return inCohort(cohortId === undefined ? scope.cohortIds : scope.cohortIds.filter((id) => id === cohortId));
    case 'own':
      return sql`${userId} = ${scope.userId}`;
  }
}
