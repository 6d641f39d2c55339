import { z } from 'zod';
import { RECORD_STATUSES } from '~/lib/shared/constants';
import { IdSchema } from './common';

export const CohortCourseParamsSchema = z.object({ id: IdSchema, courseId: IdSchema });

export const CohortCourseReleaseSchema = z
  .object({
    course: z.object({ id: z.number().int(), name: z.string(), position: z.number().int(), status: z.enum(RECORD_STATUSES) }),
    /** When the course opens to the cohort's students (in the past: open now); null: not released. */
    releaseAt: z.string().nullable(),
    levelId: z.number().int().nullable(),
  })
  .meta({ id: 'CohortCourseRelease' });
export type CohortCourseRelease = z.infer<typeof CohortCourseReleaseSchema>;

export const ReleaseBodySchema = z
  .object({
    /** ISO date-time; omitted: now. A future date schedules the release (drip). */
    releaseAt: z.iso.datetime({ offset: true, message: 'validation.date.invalid' }).optional(),
    levelId: IdSchema.nullish(),
  })
  .meta({ id: 'ReleaseBody' });
