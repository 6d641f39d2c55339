import type { Caller } from '~/lib/server/auth/permissions';
import { requireCohortAccess } from './structure/cohorts';

/**
 * Checks what the caller may do with a cohort's news and banners: `read`
 * (ACTIVE members, admins) or `manage` (ACTIVE tutors and cohort admins,
 * admins). Another cohort, or one that does not exist, is a 404; a student
 * of the cohort asking to manage is a 403.
 */
export async function requireNewsAndBannersAccess(caller: Caller, cohortId: number, level: 'read' | 'manage'): Promise<void> {
  await requireCohortAccess(caller, cohortId, level === 'read' ? 'view' : 'manageNewsAndBanners');
}
