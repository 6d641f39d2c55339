import { z } from 'zod';
import { IdSchema } from './common';
import { LessonSummarySchema } from './content';

export const LessonRefBodySchema = z.object({ lessonId: IdSchema }).meta({ id: 'LessonRefBody' });

export const LessonProgressBodySchema = z
  .object({
    lessonId: IdSchema,
    progress: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(0, 'validation.number.min').max(100, 'validation.number.max'),
    /** Seconds into the video, or the scroll percentage of a text lesson. */
    resumeAt: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(0, 'validation.number.min').max(1_000_000, 'validation.number.max').default(0),
  })
  .meta({ id: 'LessonProgressBody' });
export type LessonProgressBody = z.infer<typeof LessonProgressBodySchema>;

export const LessonHistorySchema = z
  .object({
    lessonId: z.number().int(),
    progress: z.number().int(),
    resumeAt: z.number().int(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'LessonHistory' });
export type LessonHistory = z.infer<typeof LessonHistorySchema>;

export const ResumeQuerySchema = z.object({ course: IdSchema });

export const ResumePointSchema = z
  .object({
    /** The lesson to open next, or null when every lesson is completed (or the course has none). */
    lesson: LessonSummarySchema.nullable(),
    history: LessonHistorySchema.nullable(),
  })
  .meta({ id: 'ResumePoint' });
export type ResumePoint = z.infer<typeof ResumePointSchema>;

export const CourseProgressSchema = z
  .object({
    courseId: z.number().int(),
    totalLessons: z.number().int(),
    completedLessons: z.number().int(),
    /** Rounded down, so 100 means every ACTIVE lesson is completed. */
    percentage: z.number().int(),
  })
  .meta({ id: 'CourseProgress' });
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

export const PathProgressSchema = z
  .object({
    learningPathId: z.number().int(),
    totalLessons: z.number().int(),
    completedLessons: z.number().int(),
    percentage: z.number().int(),
    courses: z.array(CourseProgressSchema),
  })
  .meta({ id: 'PathProgress' });
export type PathProgress = z.infer<typeof PathProgressSchema>;
