/**
 * A lesson's publication, the one rule for who sees it: students read a
 * lesson only while it is ACTIVE and its publication date has come; a lesson
 * without one is a draft that only the course's staff see.
 */
export type LessonPublication = 'draft' | 'scheduled' | 'published';

/** Where a lesson stands, from its publication date (null: a draft) at `now` (ms). */
export function publicationOf(publishedAt: string | Date | null, now = Date.now()): LessonPublication {
  if (publishedAt === null) return 'draft';
  const at = typeof publishedAt === 'string' ? Date.parse(publishedAt) : publishedAt.getTime();
  return at <= now ? 'published' : 'scheduled';
}

/** Whether students see the lesson now: ACTIVE and published (not a draft, not scheduled for later). */
export function isLessonPublished(lesson: { status: string; publishedAt: string | Date | null }, now = Date.now()): boolean {
  return lesson.status === 'ACTIVE' && publicationOf(lesson.publishedAt, now) === 'published';
}
