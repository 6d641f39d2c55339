import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import { DEFAULT_BANNER_COUNT } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { Banner } from '~/lib/shared/schemas/app-shell';
import { BANNER_IMAGE_TYPES, type CohortBanner, type CreateBannerBody, type UpdateBannerBody } from '~/lib/shared/schemas/banners';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb, type Tx } from '~/lib/server/db/client';
import { banners, cohorts } from '~/lib/server/db/schema';
import { getStorage, keyOfUrl } from '~/lib/server/storage';
import { detectImageType } from '~/lib/server/storage/detect-image-type';
import { listActiveCatalogsOf } from './cohort-catalog';
import { requireCohortAccess } from '~/lib/server/access/loaders';

/** The 8 default banners (idBanner 1 to 8), real images under public/banners. */
export const DEFAULT_BANNERS: readonly Banner[] = Array.from({ length: DEFAULT_BANNER_COUNT }, (_, index) => ({
  idBanner: index + 1,
  bannerImage: `/banners/banner-${index + 1}.svg`,
  title: null,
}));

/** The banners of a user's ACTIVE cohorts (optionally within one training path), else the defaults. */
export async function listBannersForUser(userId: number, trainingPathId?: number | null): Promise<Banner[]> {
  const found = (await listActiveCatalogsOf(userId, trainingPathId)).flatMap(({ catalog }) => catalog.banners);
  return found.length > 0 ? found : [...DEFAULT_BANNERS];
}

// ── Managing a cohort's banners ───────────────────────────────────────────

const cohortBannerColumns = {
  idBanner: banners.id,
  cohortId: banners.cohortId,
  bannerImage: banners.imageUrl,
  title: banners.title,
  position: banners.position,
};

/** Locks the cohort row until the transaction ends, so position changes on one cohort queue up. */
async function lockCohortBanners(tx: Tx, cohortId: number): Promise<void> {
  const [locked] = await tx.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId)).for('update');
  if (!locked) throw new AppError('not_found');
}

async function findBannerForManager(caller: Caller, bannerId: number): Promise<CohortBanner> {
  const db = await getDb();
  const [banner] = await db.select(cohortBannerColumns).from(banners).where(eq(banners.id, bannerId));
  if (!banner) throw new AppError('not_found');
  await requireCohortAccess(caller, banner.cohortId, 'manageNewsAndBanners');
  return banner;
}

/** A cohort's banners in display order (its ACTIVE members and admins). */
export async function listCohortBanners(caller: Caller, cohortId: number): Promise<CohortBanner[]> {
  await requireCohortAccess(caller, cohortId, 'view');
  const db = await getDb();
  return db.select(cohortBannerColumns).from(banners).where(eq(banners.cohortId, cohortId)).orderBy(asc(banners.position), asc(banners.id));
}

/**
 * Stores an uploaded image and adds it as the cohort's last banner (managers).
 * Only PNG, JPEG and WebP, recognised by their bytes, are accepted (415).
 */
export async function createCohortBanner(caller: Caller, input: CreateBannerBody): Promise<CohortBanner> {
  await requireCohortAccess(caller, input.cohort, 'manageNewsAndBanners');
  const contentType = detectImageType(input.image.data);
  if (!contentType) throw new AppError('unsupported_media_type', { params: { expected: BANNER_IMAGE_TYPES.join(', ') } });
  const stored = await getStorage().put(input.image.data, contentType);
  const db = await getDb();
  try {
    const banner = await db.transaction(async (tx) => {
      await lockCohortBanners(tx, input.cohort);
      const [last] = await tx
        .select({ next: sql<number>`coalesce(max(${banners.position}) + 1, 0)::int` })
        .from(banners)
        .where(eq(banners.cohortId, input.cohort));
      const [row] = await tx
        .insert(banners)
        .values({ cohortId: input.cohort, imageUrl: stored.url, title: input.title ?? null, position: last?.next ?? 0 })
        .returning(cohortBannerColumns);
      return row!;
    });
    return banner;
  } catch (error) {
    // No row points at the file: do not leave it behind.
    await getStorage().delete(stored.key);
    throw error;
  }
}

/** Changes a banner's title or position (managers of its cohort). */
export async function updateCohortBanner(caller: Caller, bannerId: number, input: UpdateBannerBody): Promise<CohortBanner> {
  const banner = await findBannerForManager(caller, bannerId);
  const changes = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
  };
  if (Object.keys(changes).length === 0) return banner;
  const db = await getDb();
  const [row] = await db
    .update(banners)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(banners.id, bannerId))
    .returning(cohortBannerColumns);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Removes a banner and its stored image (managers of its cohort). */
export async function deleteCohortBanner(caller: Caller, bannerId: number): Promise<void> {
  await findBannerForManager(caller, bannerId);
  const db = await getDb();
  const [deleted] = await db.delete(banners).where(eq(banners.id, bannerId)).returning({ imageUrl: banners.imageUrl });
  if (!deleted) throw new AppError('not_found');
  const key = keyOfUrl(deleted.imageUrl);
  if (key) await getStorage().delete(key);
}

/**
 * Puts a cohort's banners in the given order (managers), in one transaction.
 * The list must hold exactly the cohort's banners, each once; otherwise 400
 * and nothing changes.
 */
export async function reorderCohortBanners(caller: Caller, cohortId: number, order: readonly number[]): Promise<CohortBanner[]> {
  await requireCohortAccess(caller, cohortId, 'manageNewsAndBanners');
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await lockCohortBanners(tx, cohortId);
    const current = await tx.select({ id: banners.id }).from(banners).where(eq(banners.cohortId, cohortId));
    const currentIds = new Set(current.map((row) => row.id));
    const matches = order.length === currentIds.size && new Set(order).size === order.length && order.every((id) => currentIds.has(id));
    if (!matches) throw new ZodError([{ code: 'custom', path: ['order'], message: 'validation.order.mismatch', input: order }]);
    if (order.length > 0) {
      const cases = sql.join(
        order.map((id, index) => sql`when ${id} then ${index}`),
        sql` `,
      );
      await tx
        .update(banners)
        .set({ position: sql`(case ${banners.id} ${cases} end)::int`, updatedAt: new Date() })
        .where(and(eq(banners.cohortId, cohortId), inArray(banners.id, [...order])));
    }
    return tx.select(cohortBannerColumns).from(banners).where(eq(banners.cohortId, cohortId)).orderBy(asc(banners.position), asc(banners.id));
  });
  return result;
}
