import { z } from 'zod';
import { ACTIVITY_TYPES, RECORD_STATUSES } from '~/lib/shared/constants';
import { IdSchema, SessionBodySchema } from './common';

export const BannerSchema = z
  .object({ idBanner: z.number().int(), bannerImage: z.string(), title: z.string().nullable() })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof BannerSchema>;

export const CourseSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    position: z.number().int(),
    program: z.object({ id: z.number().int(), name: z.string() }),
    cohort: z.object({ id: z.number().int(), name: z.string() }),
    activityCounts: z.object({ practical: z.number().int(), evaluation: z.number().int(), nivelation: z.number().int() }),
    /** When the course opens to the cohort's students; null while not released (only its managers see it then). */
    releaseAt: z.string().nullable(),
  })
  .meta({ id: 'CourseSummary' });
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

export const TrainingPathSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    organization: z.object({ id: z.number().int(), name: z.string() }),
    cohorts: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.enum(RECORD_STATUSES) })),
  })
  .meta({ id: 'TrainingPath' });
export type TrainingPath = z.infer<typeof TrainingPathSchema>;

export const HomeworkSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    activityType: z.enum(ACTIVITY_TYPES),
    dueAt: z.string().nullable(),
    isCheckpoint: z.boolean(),
    course: z.object({ id: z.number().int(), name: z.string() }),
  })
  .meta({ id: 'Homework' });
export type Homework = z.infer<typeof HomeworkSchema>;

export const TermsBodySchema = SessionBodySchema.extend({
  id: IdSchema,
  status: z.literal(1, { message: 'validation.terms.status' }),
}).meta({ id: 'TermsBody' });

export const TermsResponseSchema = z.object({ id: z.number().int(), statusStudent: z.literal(1) }).meta({ id: 'TermsResponse' });

export const HomeworkParamsSchema = z.object({ idTrainingPath: IdSchema, idUser: IdSchema });
