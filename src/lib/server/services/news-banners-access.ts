import { eq } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import {
  activeCohortRoleOf,
  isAdmin,
  requireManageCohortNewsAndBanners,
  requireReadCohortNewsAndBanners,
  type Caller,
} from '../auth/permissions';
import { getDb } from '../db/client';
import { cohorts } from '../db/schema';
import { listMembershipsOf } from './memberships';

/**
 * Checks what the caller may do with a cohort's news and banners: `read`
 * (ACTIVE members, admins) or `manage` (ACTIVE tutors and cohort admins,
 * admins). Another cohort, or one that does not exist, is a 404; a student
 * of the cohort asking to manage is a 403.
 */
export async function requireNewsAndBannersAccess(caller: Caller, cohortId: number, level: 'read' | 'manage'): Promise<void> {
  const roleId = activeCohortRoleOf(await listMembershipsOf(caller.id), cohortId);
  if (level === 'read') requireReadCohortNewsAndBanners(caller, roleId);
  else requireManageCohortNewsAndBanners(caller, roleId);
  // Members reach here only through an existing cohort; admins may name any id.
  if (isAdmin(caller)) {
    const db = await getDb();
    const [found] = await db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId));
    if (!found) throw new AppError('not_found');
  }
}
