/** Schemas of the lesson import: a folder of Markdown files or one spreadsheet becomes a course's next lessons. */
import { z } from 'zod';
import { SessionBodySchema } from './common';
import { LessonSummarySchema } from './content';
import { UploadedFileSchema } from './uploads';

export const LESSON_IMPORT_FORMATS = ['markdown', 'spreadsheet'] as const;
export type LessonImportFormat = (typeof LESSON_IMPORT_FORMATS)[number];

/**
 * multipart/form-data: the files in the field `files` (repeated), and
 * optionally `format` (without it: one .csv/.xlsx file is a spreadsheet,
 * anything else a Markdown folder).
 */
export const LessonImportBodySchema = SessionBodySchema.extend({
  files: z.array(UploadedFileSchema, { message: 'validation.required.file' }).min(1, 'validation.required.file'),
  format: z.enum(LESSON_IMPORT_FORMATS, { message: 'validation.invalid_value' }).optional(),
}).meta({ id: 'LessonImportBody' });
export type LessonImportBody = z.infer<typeof LessonImportBodySchema>;

/** `?dryRun=true`: read and check everything, write nothing (the preview). */
export const LessonImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'validation.invalid_value' })
    .optional()
    .transform((value) => value === 'true'),
});

/** One lesson found in the upload, as it would be created, with its problems. */
export const LessonImportItemSchema = z
  .object({
    /** The Markdown file it comes from (its path inside the folder), or null for a spreadsheet row. */
    file: z.string().nullable(),
    /** The spreadsheet row it comes from (the header is row 1), or null for a Markdown file. */
    row: z.number().int().nullable(),
    title: z.string(),
    section: z.string(),
    videoUrl: z.string().nullable(),
    /** Characters of Markdown content. */
    contentLength: z.number().int(),
    /** Problems by field (title, section, contentMd, videoUrl, file), in the caller's language; empty when the lesson is fine. */
    errors: z.record(z.string(), z.string()),
  })
  .meta({ id: 'LessonImportItem' });
export type LessonImportItem = z.infer<typeof LessonImportItemSchema>;

export const LessonImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    format: z.enum(LESSON_IMPORT_FORMATS),
    /** Lessons found, in the order they are (or would be) appended. */
    items: z.array(LessonImportItemSchema),
    /** Lessons with at least one problem (a real import with any is refused as a whole). */
    invalid: z.number().int(),
    /** Uploaded files that are not Markdown, left aside. */
    ignored: z.array(z.string()),
    /** The lessons created, after the course's existing ones (empty in a dry run). */
    lessons: z.array(LessonSummarySchema),
  })
  .meta({ id: 'LessonImportResult' });
export type LessonImportResult = z.infer<typeof LessonImportResultSchema>;

