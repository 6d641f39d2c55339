import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_BANNER_COUNT } from '../../shared/constants';
import type { Banner } from '../../shared/schemas/app-shell';
import { activeMembershipOf } from '../auth/permissions';
import { getDb } from '../db/client';
import { banners, cohorts, memberships } from '../db/schema';

/** The 8 default banners (idBanner 1 to 8), real images under public/banners. */
export const DEFAULT_BANNERS: readonly Banner[] = Array.from({ length: DEFAULT_BANNER_COUNT }, (_, index) => ({
  idBanner: index + 1,
  bannerImage: `/banners/banner-${index + 1}.svg`,
  title: null,
}));

/** The banners of a user's ACTIVE cohorts (optionally within one training path), else the defaults. */
export async function listBannersForUser(userId: number, trainingPathId?: number | null): Promise<Banner[]> {
  const db = await getDb();
  const rows = await db
    .select({ idBanner: banners.id, bannerImage: banners.imageUrl, title: banners.title })
    .from(banners)
    .innerJoin(cohorts, eq(cohorts.id, banners.cohortId))
    .innerJoin(memberships, eq(memberships.cohortId, cohorts.id))
    .where(and(activeMembershipOf(userId), trainingPathId ? eq(cohorts.learningPathId, trainingPathId) : undefined))
    .orderBy(asc(cohorts.id), asc(banners.position), asc(banners.id));
  return rows.length > 0 ? rows : [...DEFAULT_BANNERS];
}
