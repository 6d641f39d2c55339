/** Who may open the admin screens, and which cohorts they see there. */
import { AppError } from '~/lib/shared/errors';
import type { Cohort } from '~/lib/shared/schemas/structure';
import { activeCohortRoleOf, canInCohort, canOpenAdmin, isAdmin, managedCohortIdsOf, type Caller } from '~/lib/server/auth/permissions';
import { listMembershipsOf } from './memberships';
import { getCohort, listCohorts } from './structure/cohorts';

export interface AdminAccess {
  /** The admin screens exist for this caller (students: never). */
  open: boolean;
  /** Platform admin: every organization, path, cohort and program. */
  isAdmin: boolean;
  /** For tutors and cohort admins: the ACTIVE cohorts they manage. */
  cohortIds: number[];
}

/** The caller's admin access, from their current memberships (briefly cached). */
export async function adminAccessOf(caller: Caller): Promise<AdminAccess> {
  const list = await listMembershipsOf(caller.id);
  return { open: canOpenAdmin(caller, list), isAdmin: isAdmin(caller), cohortIds: managedCohortIdsOf(list) };
}

/** One page of the cohorts the admin screens list: every cohort for platform admins, the managed ones for tutors and cohort admins. */
export async function listAdminCohorts(caller: Caller, access: AdminAccess, page: number): Promise<{ results: Cohort[]; count: number }> {
  if (!access.open) return { results: [], count: 0 };
  return listCohorts(caller, page, access.isAdmin ? undefined : access.cohortIds);
}

export interface AdminCohort {
  cohort: Cohort;
  /** What the caller's role lets the cohort page offer (a refused action would end their session). */
  can: { assignUsers: boolean; releaseCourses: boolean; manageLevels: boolean; manageNewsAndBanners: boolean };
}

/** A cohort the caller manages in the admin screens; 404 for everyone else (a cohort where they only study included). */
export async function getAdminCohort(caller: Caller, cohortId: number): Promise<AdminCohort> {
  const list = await listMembershipsOf(caller.id);
  if (!isAdmin(caller) && !managedCohortIdsOf(list).includes(cohortId)) throw new AppError('not_found');
  const cohort = await getCohort(caller, cohortId);
  const roleId = isAdmin(caller) ? null : activeCohortRoleOf(list, cohortId);
  return {
    cohort,
    can: {
      assignUsers: canInCohort(caller, roleId, 'assignUsers'),
      releaseCourses: canInCohort(caller, roleId, 'releaseCourses'),
      manageLevels: canInCohort(caller, roleId, 'manageLevels'),
      manageNewsAndBanners: canInCohort(caller, roleId, 'manageNewsAndBanners'),
    },
  };
}
