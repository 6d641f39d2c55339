/** What a phone downloads to study a course, or one of its levels, without a connection (issue 34, ADR 034). */
import { z } from 'zod';
import { IdSchema } from './common';

export const OfflinePackageParamsSchema = z.object({ id: IdSchema });

/** `level`: the syllabus level's number as the course page lists them (1 = the first); none: the whole course. */
export const OfflinePackageQuerySchema = z.object({
  level: z.coerce
    .number({ message: 'validation.offline.level' })
    .int('validation.offline.level')
    .positive('validation.offline.level')
    .max(1_000, 'validation.offline.level')
    .optional(),
});

export const OFFLINE_ITEM_KINDS = ['course', 'lesson', 'image', 'attachment', 'quiz', 'assignment'] as const;

export const OfflineItemSchema = z
  .object({
    /** Same-origin URL the client fetches and keeps (pages carry the session cookie; `/api/` reads the access token). */
    url: z.string(),
    kind: z.enum(OFFLINE_ITEM_KINDS),
    /** The id of the course, lesson, attachment, quiz or assignment; for an image, the lesson that shows it. */
    id: z.number().int(),
    /**
     * Files: their stored size. Pages and API reads: the size of their own
     * content (rendered lesson HTML, instructions, the quiz as a student reads
     * it), not the page's shell, which the app caches once for every page.
     */
    bytes: z.number().int().nonnegative(),
    /** Changes whenever what the URL answers changes; the same for the same data. */
    revision: z.string(),
  })
  .meta({ id: 'OfflineItem' });
export type OfflineItem = z.infer<typeof OfflineItemSchema>;

export const OfflinePackageSchema = z
  .object({
    courseId: z.number().int(),
    /** The level asked for, or null for the whole course. */
    level: z.number().int().nullable(),
    /** The level's name as the syllabus shows it ('' for lessons without one); null for the whole course. */
    levelName: z.string().nullable(),
    /** A hash of every item's URL, revision and size: a download whose revision differs is stale. */
    revision: z.string(),
    items: z.array(OfflineItemSchema),
    totalBytes: z.number().int().nonnegative(),
    /** Images the lessons show from other sites: not in the package (they will be missing offline). */
    externalImages: z.number().int().nonnegative(),
  })
  .meta({ id: 'OfflinePackage' });
export type OfflinePackage = z.infer<typeof OfflinePackageSchema>;
