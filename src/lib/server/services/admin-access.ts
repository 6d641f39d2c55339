/** Who may open the admin screens, and which cohorts they see there. */
import { canOpenAdmin, isAdmin, managedCohortIdsOf, type Caller } from '../auth/permissions';
import { listMembershipsOf } from './memberships';

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
