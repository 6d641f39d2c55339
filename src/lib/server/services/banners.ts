import { DEFAULT_BANNER_COUNT } from '../../shared/constants';
import type { Banner } from '../../shared/schemas/app-shell';
import { listActiveCatalogsOf } from './cohort-catalog';

/** The 8 default banners (idBanner 1 to 8), real images under public/banners. */
export const DEFAULT_BANNERS: readonly Banner[] = Array.from({ length: DEFAULT_BANNER_COUNT }, (_, index) => ({
  idBanner: index + 1,
  bannerImage: `/banners/banner-${index + 1}.svg`,
  title: null,
}));

/** The banners of a user's ACTIVE cohorts (optionally within one training path), else the defaults. */
export async function listBannersForUser(userId: number, trainingPathId?: number | null): Promise<Banner[]> {
  const found = (await listActiveCatalogsOf(userId, trainingPathId)).flatMap((catalog) => catalog.banners);
  return found.length > 0 ? found : [...DEFAULT_BANNERS];
}
