import { eq, sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { lessons } from '~/lib/server/db/schema';
import { courseReadingMinutes } from './content-cache';

/** Words a student reads in a minute, for the syllabus's estimate (a common figure for study reading). */
export const READING_WORDS_PER_MINUTE = 200;

/** Minutes to read a text of `words` words: at least one. */
export const readingMinutesOf = (words: number) => Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));

/** Estimated reading minutes of every lesson of a course, by lesson id (cached; the caller checked access). */
export function readCourseReadingMinutes(courseId: number): Promise<ReadonlyMap<number, number>> {
  return courseReadingMinutes.getOrLoad(courseId, async () => {
    const db = await getDb();
    const rows = await db
      .select({
        id: lessons.id,
        words: sql<number>`case when btrim(${lessons.contentMd}) = '' then 0 else coalesce(array_length(regexp_split_to_array(btrim(${lessons.contentMd}), '\\s+'), 1), 0) end`,
      })
      .from(lessons)
      .where(eq(lessons.courseId, courseId));
    return new Map(rows.map((row) => [row.id, readingMinutesOf(Number(row.words))]));
  });
}
