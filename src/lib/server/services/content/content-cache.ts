import type { LessonSummary } from '~/lib/shared/schemas/content';
import type { LessonAttachment } from '~/lib/shared/schemas/lesson-attachments';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import type { courses, lessons } from '~/lib/server/db/schema';

/**
 * Course and lesson rows read on every content page. The database announces
 * every change to them (cache/change-feed.ts), so each cache says which
 * changes drop which entries; nothing needs to remember to clear them.
 */
const CONTENT_CACHE_TTL_MS = 10 * 60_000;

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

/** Course rows by id. */
export const courseRows = defineCache<number, CourseRow>({
  ttlMs: CONTENT_CACHE_TTL_MS,
  max: 10_000,
  invalidatedBy: { courses: (keys) => idsOf(keys, 'id') },
});

/** Lesson rows with their course, by lesson id. */
export const lessonRows = defineCache<number, { lesson: LessonRow; course: CourseRow }>({
  ttlMs: CONTENT_CACHE_TTL_MS,
  max: 20_000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (row) => 512 + row.lesson.contentMd.length * 2,
  // Lesson entries carry their course too; course writes are rare next to reads.
  invalidatedBy: { lessons: (keys) => idsOf(keys, 'id'), courses: () => 'all' },
});

/** Every lesson of a course (archived included), in position order, by course id. */
export const courseLessonLists = defineCache<number, LessonSummary[]>({
  ttlMs: CONTENT_CACHE_TTL_MS,
  max: 10_000,
  invalidatedBy: { lessons: (keys) => idsOf(keys, 'course_id') },
});

/** A lesson's attachments in position order (the lesson page lists them on every view), by lesson id. */
export const lessonAttachmentLists = defineCache<number, LessonAttachment[]>({
  ttlMs: CONTENT_CACHE_TTL_MS,
  max: 20_000,
  invalidatedBy: { lesson_attachments: (keys) => idsOf(keys, 'lesson_id') },
});

/** Estimated minutes to read each lesson of a course (from its Markdown's word count), by course id. */
export const courseReadingMinutes = defineCache<number, ReadonlyMap<number, number>>({
  ttlMs: CONTENT_CACHE_TTL_MS,
  max: 10_000,
  invalidatedBy: { lessons: (keys) => idsOf(keys, 'course_id') },
});
