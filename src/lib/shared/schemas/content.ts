import { z } from 'zod';
import { RECORD_STATUSES } from '~/lib/shared/constants';
import { IdSchema, linkSchema, textSchema } from './common';

/** At most this many lessons in one bulk create (one transaction, one answer). */
export const MAX_BULK_LESSONS = 500;
const MAX_NAME_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 5000;
const MAX_CONTENT_LENGTH = 200_000;
const MAX_URL_LENGTH = 2000;

export const IdParamsSchema = z.object({ id: IdSchema });

const nameField = textSchema('validation.required.name').trim().min(1, 'validation.required.name').max(MAX_NAME_LENGTH, 'validation.length.max');
const titleField = textSchema('validation.required.title').trim().min(1, 'validation.required.title').max(MAX_NAME_LENGTH, 'validation.length.max');
const descriptionField = textSchema().max(MAX_DESCRIPTION_LENGTH, 'validation.length.max');
const urlField = linkSchema().max(MAX_URL_LENGTH, 'validation.length.max');
/** Image paths may be our own uploads (`/uploads/…`) or absolute http(s) links. */
const imageField = z.union([urlField, z.string().regex(/^\/[\w\-./]+$/, 'validation.url.invalid').max(MAX_URL_LENGTH)], { message: 'validation.url.invalid' });
const positionField = z.number({ message: 'validation.numeric' }).int('validation.numeric').min(0, 'validation.number.min');
const statusField = z.enum(RECORD_STATUSES, { message: 'validation.invalid_value' });

export const ProgramSchema = z
  .object({ id: z.number().int(), name: z.string(), description: z.string(), status: z.enum(RECORD_STATUSES) })
  .meta({ id: 'Program' });
export type Program = z.infer<typeof ProgramSchema>;

export const CreateProgramBodySchema = z.object({ name: nameField, description: descriptionField.default('') }).meta({ id: 'CreateProgramBody' });
export type CreateProgramBody = z.infer<typeof CreateProgramBodySchema>;

export const UpdateProgramBodySchema = z
  .object({ name: nameField.optional(), description: descriptionField.optional(), status: statusField.optional() })
  .meta({ id: 'UpdateProgramBody' });
export type UpdateProgramBody = z.infer<typeof UpdateProgramBodySchema>;

export const CourseSchema = z
  .object({
    id: z.number().int(),
    programId: z.number().int(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    position: z.number().int(),
    status: z.enum(RECORD_STATUSES),
    /** For a student whose cohort has the course scheduled: when its content opens. */
    availableAt: z.string().nullable().optional(),
  })
  .meta({ id: 'Course' });
export type Course = z.infer<typeof CourseSchema>;

export const CreateCourseBodySchema = z
  .object({
    programId: IdSchema,
    name: nameField,
    description: descriptionField.default(''),
    imageUrl: imageField.nullish(),
    /** Omitted: after the program's last course. */
    position: positionField.optional(),
  })
  .meta({ id: 'CreateCourseBody' });
export type CreateCourseBody = z.infer<typeof CreateCourseBodySchema>;

/**
 * No `position`: a program's course order changes only through the
 * transactional reorder (POST /api/v2/programs/{id}/courses/reorder/), which
 * keeps positions 0..n-1; like any unknown key, a `position` sent here is dropped.
 */
export const UpdateCourseBodySchema = z
  .object({
    name: nameField.optional(),
    description: descriptionField.optional(),
    imageUrl: imageField.nullish(),
    status: statusField.optional(),
  })
  .meta({ id: 'UpdateCourseBody' });
export type UpdateCourseBody = z.infer<typeof UpdateCourseBodySchema>;

/** A program's courses in their new order: every course id of the program (archived ones too), each once. */
export const ReorderCoursesBodySchema = z
  .object({
    order: z
      .array(IdSchema, { message: 'validation.invalid_type' })
      .max(10_000, 'validation.array.max')
      .refine((ids) => new Set(ids).size === ids.length, 'validation.duplicate_ids'),
  })
  .meta({ id: 'ReorderCoursesBody' });

export const LessonSummarySchema = z
  .object({
    id: z.number().int(),
    courseId: z.number().int(),
    title: z.string(),
    section: z.string(),
    videoUrl: z.string().nullable(),
    position: z.number().int(),
    revision: z.number().int(),
    status: z.enum(RECORD_STATUSES),
    /** Null: a draft (staff only). A date: published from then on; a future date is a scheduled publication. */
    publishedAt: z.string().nullable(),
  })
  .meta({ id: 'LessonSummary' });
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

export const LessonSchema = LessonSummarySchema.extend({ contentMd: z.string() }).meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof LessonSchema>;

/** When a lesson reaches students: null keeps it a draft; a future date schedules it. */
const publishedAtField = z.iso.datetime({ offset: true, message: 'validation.date.invalid' }).nullable();

const lessonFields = {
  title: titleField,
  section: textSchema().trim().max(MAX_NAME_LENGTH, 'validation.length.max').default(''),
  contentMd: textSchema().max(MAX_CONTENT_LENGTH, 'validation.length.max').default(''),
  videoUrl: urlField.nullish(),
};

export const CreateLessonBodySchema = z
  .object({
    ...lessonFields,
    /** Omitted: after the course's last lesson; otherwise the lessons from there on move down one. */
    position: positionField.optional(),
    /** Omitted or null: a draft, which students do not see until it is published. */
    publishedAt: publishedAtField.optional(),
  })
  .meta({ id: 'CreateLessonBody' });
export type CreateLessonBody = z.infer<typeof CreateLessonBodySchema>;

/** Bulk creates and imports publish at once unless a lesson says otherwise (null: a draft). */
export const BulkLessonSchema = z.object({ ...lessonFields, publishedAt: publishedAtField.optional() });
export type BulkLesson = z.infer<typeof BulkLessonSchema>;

export const BulkCreateLessonsBodySchema = z
  .object({
    lessons: z
      .array(BulkLessonSchema, { message: 'validation.invalid_type' })
      .min(1, 'validation.array.min')
      .max(MAX_BULK_LESSONS, 'validation.array.max'),
  })
  .meta({ id: 'BulkCreateLessonsBody' });

export const UpdateLessonBodySchema = z
  .object({
    title: titleField.optional(),
    section: textSchema().trim().max(MAX_NAME_LENGTH, 'validation.length.max').optional(),
    contentMd: textSchema().max(MAX_CONTENT_LENGTH, 'validation.length.max').optional(),
    videoUrl: urlField.nullish(),
    status: statusField.optional(),
    /** Null turns the lesson back into a draft; a date publishes it then. */
    publishedAt: publishedAtField.optional(),
  })
  .meta({ id: 'UpdateLessonBody' });
export type UpdateLessonBody = z.infer<typeof UpdateLessonBodySchema>;

export const ReorderLessonsBodySchema = z
  .object({
    order: z
      .array(IdSchema, { message: 'validation.invalid_type' })
      .max(10_000, 'validation.array.max')
      .refine((ids) => new Set(ids).size === ids.length, 'validation.lessons.order_duplicates'),
  })
  .meta({ id: 'ReorderLessonsBody' });

/** Lesson Markdown to preview as the lesson page would show it (nothing is saved). */
export const LessonPreviewBodySchema = z
  .object({ contentMd: textSchema().max(MAX_CONTENT_LENGTH, 'validation.length.max').default('') })
  .meta({ id: 'LessonPreviewBody' });

export const LessonPreviewSchema = z.object({ html: z.string() }).meta({ id: 'LessonPreview' });
export type LessonPreview = z.infer<typeof LessonPreviewSchema>;
