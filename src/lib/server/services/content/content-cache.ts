import type { LessonSummary } from '~/lib/shared/schemas/content';
import type { LessonAttachment } from '~/lib/shared/schemas/lesson-attachments';
import { createTtlCache } from '~/lib/server/cache/ttl-cache';
import type { courses, lessons } from '~/lib/server/db/schema';

/**
 * Course and lesson rows read on every content page, kept briefly. Every
 * write to a course or its lessons calls forgetCourseContent after it
 * commits; other servers' writes show within the TTL.
 */
const CONTENT_CACHE_TTL_MS = 30_000;

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

export const courseRows = createTtlCache<number, CourseRow>(CONTENT_CACHE_TTL_MS);
export const lessonRows = createTtlCache<number, { lesson: LessonRow; course: CourseRow }>(CONTENT_CACHE_TTL_MS, 20_000);
/** Every lesson of a course (archived included), in position order. */
export const courseLessonLists = createTtlCache<number, LessonSummary[]>(CONTENT_CACHE_TTL_MS);

/** Call after a course or any of its lessons changed. */
export function forgetCourseContent(courseId: number): void {
  courseRows.delete(courseId);
  courseLessonLists.delete(courseId);
  // Lesson entries carry their course too; writes are rare next to reads.
  lessonRows.clear();
}

/** A lesson's attachments in position order (the lesson page lists them on every view). */
export const lessonAttachmentLists = createTtlCache<number, LessonAttachment[]>(CONTENT_CACHE_TTL_MS, 20_000);

/** Call after a lesson's attachments changed. */
export function forgetLessonAttachments(lessonId: number): void {
  lessonAttachmentLists.delete(lessonId);
}
