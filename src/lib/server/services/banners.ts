import { DEFAULT_BANNER_COUNT } from '../../shared/constants';
import type { Banner } from '../../shared/schemas/app-shell';
import { isMembershipActive } from '../auth/permissions';
import { getCohortCatalogs } from './cohort-catalog';
import { listMembershipsOf } from './memberships';

/** The 8 default banners (idBanner 1 to 8), real images under public/banners. */
export const DEFAULT_BANNERS: readonly Banner[] = Array.from({ length: DEFAULT_BANNER_COUNT }, (_, index) => ({
  idBanner: index + 1,
  bannerImage: `/banners/banner-${index + 1}.svg`,
  title: null,
}));

/** The banners of a user's ACTIVE cohorts (optionally within one training path), else the defaults. */
export async function listBannersForUser(userId: number, trainingPathId?: number | null): Promise<Banner[]> {
  const active = (await listMembershipsOf(userId)).filter(isMembershipActive);
  const catalogs = await getCohortCatalogs(active.map((membership) => membership.cohortId));
  const found = active.flatMap((membership) => {
    const catalog = catalogs.get(membership.cohortId);
    if (!catalog || (trainingPathId && catalog.cohort.learningPathId !== trainingPathId)) return [];
    return catalog.banners;
  });
  return found.length > 0 ? found : [...DEFAULT_BANNERS];
}
