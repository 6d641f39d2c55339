import { asc, eq, sql } from 'drizzle-orm';
import type { Lesson, LessonSummary, UpdateLessonBody } from '~/lib/shared/schemas/content';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { isLessonPublished } from '~/lib/shared/lesson-publication';
import { requireManageContent, requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { toVideoEmbed } from './video-embed';
import { getDb } from '~/lib/server/db/client';
import { lessons } from '~/lib/server/db/schema';
import { findCourseContentWithAccess, findLessonWithAccess, type LessonRow } from '~/lib/server/access/loaders';
import { courseLessonLists } from './content-cache';

/** The API shape of a lesson without its content (lists). */
export const toLessonSummary = (row: Omit<LessonRow, 'contentMd' | 'createdAt' | 'updatedAt'>): LessonSummary => ({
  id: row.id,
  courseId: row.courseId,
  title: row.title,
  section: row.section,
  videoUrl: row.videoUrl,
  position: row.position,
  revision: row.revision,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** The API shape of a lesson with its Markdown content. */
export const toLesson = (row: LessonRow): Lesson => ({ ...toLessonSummary(row), contentMd: row.contentMd });

/** Columns of a lesson summary, so lists never read the Markdown. */
export const lessonSummaryColumns = {
  id: lessons.id,
  courseId: lessons.courseId,
  title: lessons.title,
  section: lessons.section,
  videoUrl: lessons.videoUrl,
  position: lessons.position,
  revision: lessons.revision,
  status: lessons.status,
  publishedAt: lessons.publishedAt,
};

/** A course's lessons in position order; readers see the published lessons of an ACTIVE course only (managers: drafts and archived too). */
export async function listCourseLessons(caller: Caller, courseId: number): Promise<LessonSummary[]> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  return access === 'manage' ? readCourseLessons(courseId) : readPublishedCourseLessons(courseId);
}

/** Every lesson of a course, archived too, in position order (cached; the caller checked access). */
export function readCourseLessons(courseId: number): Promise<LessonSummary[]> {
  return courseLessonLists.getOrLoad(courseId, async () => {
    const db = await getDb();
    const rows = await db.select(lessonSummaryColumns).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position), asc(lessons.id));
    return rows.map(toLessonSummary);
  });
}

/** A cached lesson list's published lessons, until the next scheduled publication in it (ms; Infinity: none). */
const publishedViews = new WeakMap<readonly LessonSummary[], { lessons: LessonSummary[]; validUntil: number }>();

/**
 * The lessons of a course that students see now, in order (cached; the caller
 * checked access). Worked out once per cached list and again only when one of
 * its scheduled lessons comes due, not on every page.
 */
export async function readPublishedCourseLessons(courseId: number, now = Date.now()): Promise<LessonSummary[]> {
  const all = await readCourseLessons(courseId);
  const view = publishedViews.get(all);
  if (view && now < view.validUntil) return view.lessons;
  const scheduled = all.map((lesson) => (lesson.publishedAt ? Date.parse(lesson.publishedAt) : NaN)).filter((at) => at > now);
  const fresh = { lessons: all.filter((lesson) => isLessonPublished(lesson, now)), validUntil: scheduled.length > 0 ? Math.min(...scheduled) : Infinity };
  publishedViews.set(all, fresh);
  return fresh.lessons;
}

/** A lesson the caller sees, with its content (404 otherwise). */
export async function getLesson(caller: Caller, lessonId: number): Promise<Lesson> {
  const { lesson, access, visibleStatus } = await findLessonWithAccess(caller, lessonId);
  requireReadContent(access, visibleStatus);
  return toLesson(lesson);
}

/** Whether the lesson page can play a video link: YouTube, Vimeo or an https mp4; no link is fine. The one rule for every way a lesson is written. */
export function canPlayVideo(videoUrl: string | null | undefined): boolean {
  return !videoUrl || toVideoEmbed(videoUrl) !== null;
}

/** Throws 400 (on `videoUrl`) unless the lesson page can play the link (canPlayVideo). */
export function requirePlayableVideo(videoUrl: string | null | undefined): void {
  if (!canPlayVideo(videoUrl)) throw new AppError('validation_failed', { fields: { videoUrl: 'validation.video.unsupported' } });
}

/** Throws 400 naming every lesson of a bulk create (`lessons.<index>.videoUrl`) whose link the lesson page cannot play. */
export function requirePlayableVideos(input: readonly { videoUrl?: string | null }[]): void {
  const fields: FieldErrors = {};
  input.forEach((lesson, index) => {
    if (!canPlayVideo(lesson.videoUrl)) fields[`lessons.${index}.videoUrl`] = 'validation.video.unsupported';
  });
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { fields });
}

/** Changes a lesson's content or status (managers); every change bumps its revision. */
export async function updateLesson(caller: Caller, lessonId: number, input: UpdateLessonBody): Promise<Lesson> {
  const { lesson, access, visibleStatus } = await findLessonWithAccess(caller, lessonId);
  requireManageContent(access, visibleStatus);
  requirePlayableVideo(input.videoUrl);
  // Nothing to change is not a new revision (rendered HTML stays cached).
  if (Object.values(input).every((value) => value === undefined)) return toLesson(lesson);
  const db = await getDb();
  const { publishedAt, ...fields } = input;
  const [row] = await db
    .update(lessons)
    .set({ ...fields, ...(publishedAt !== undefined && { publishedAt: publishedAt === null ? null : new Date(publishedAt) }), revision: sql`${lessons.revision} + 1`, updatedAt: new Date() })
    .where(eq(lessons.id, lessonId))
    .returning();
  return toLesson(row!);
}
