import { z } from 'zod';
import { BannerSchema } from './app-shell';
import { IdSchema, SessionBodySchema, textSchema } from './common';
import { UploadedFileSchema } from './uploads';

export { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_MAX_LABEL, BANNER_IMAGE_TYPES } from '~/lib/shared/banner-limits';

const TITLE_MAX = 200;
const POSITION_MAX = 10_000;

/** An empty title (a form field left blank) means "no title". */
const BannerTitleSchema = textSchema()
  .trim()
  .max(TITLE_MAX, 'validation.length.max')
  .transform((title) => title || null);

export const CohortQuerySchema = z.object({ cohort: IdSchema });
export const BannerParamsSchema = z.object({ id: IdSchema });

/** A cohort banner as managers see it: the app-shell banner plus where it belongs. */
export const CohortBannerSchema = BannerSchema.extend({ cohortId: z.number().int(), position: z.number().int() }).meta({ id: 'CohortBanner' });
export type CohortBanner = z.infer<typeof CohortBannerSchema>;

/** multipart/form-data: the image file, its cohort and an optional title. */
export const CreateBannerBodySchema = SessionBodySchema.extend({
  cohort: IdSchema,
  title: BannerTitleSchema.optional(),
  image: UploadedFileSchema,
}).meta({ id: 'CreateBannerBody' });
export type CreateBannerBody = z.infer<typeof CreateBannerBodySchema>;

export const UpdateBannerBodySchema = SessionBodySchema.extend({
  title: BannerTitleSchema.nullish(),
  position: z.number().int().min(0).max(POSITION_MAX).optional(),
}).meta({ id: 'UpdateBannerBody' });
export type UpdateBannerBody = z.infer<typeof UpdateBannerBodySchema>;

/** The cohort's banner ids in their new order: every banner exactly once. */
export const ReorderBannersBodySchema = SessionBodySchema.extend({
  order: z.array(IdSchema).max(1000),
}).meta({ id: 'ReorderBannersBody' });
