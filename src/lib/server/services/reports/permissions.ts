/** Whose progress a caller may report on (collected by access/permissions.ts). */
import { AppError } from '~/lib/shared/errors';
import { isAdmin, managedCohortIdsOf, type Caller, type Membership } from '~/lib/server/access/permission-basics';

/**
 * Whose figures a caller reads in reports and dashboards: platform admins
 * every cohort's; tutors and cohort admins the students of the ACTIVE
 * cohorts they manage (managedCohortIdsOf); nobody else (null).
 */
export type ReportScope = { kind: 'all' } | { kind: 'cohorts'; cohortIds: number[] };

export function reportScopeOf(caller: Caller | null, list: readonly Membership[]): ReportScope | null {
  if (!caller) return null;
  if (isAdmin(caller)) return { kind: 'all' };
  const cohortIds = managedCohortIdsOf(list);
  return cohortIds.length > 0 ? { kind: 'cohorts', cohortIds } : null;
}

/** Throws 403 unless the caller reads some reports (reportScopeOf); answers their scope. */
export function requireReportScope(caller: Caller | null, list: readonly Membership[]): ReportScope {
  const scope = reportScopeOf(caller, list);
  if (!scope) throw new AppError('forbidden');
  return scope;
}

/** A cohort asked for by a filter is in the scope; another cohort does not exist for the caller (404). */
export function requireCohortInReportScope(scope: ReportScope, cohortId: number): void {
  if (scope.kind === 'cohorts' && !scope.cohortIds.includes(cohortId)) throw new AppError('not_found');
}
