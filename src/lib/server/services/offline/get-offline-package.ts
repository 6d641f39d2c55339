/**
 * The offline package of a course or one of its levels (issue 34, ADR 034):
 * every same-origin URL a phone must keep to study it without a connection,
 * with its size and revision. Students get what the course page shows them;
 * staff get the same students' view (a preview of their download), never
 * drafts. Questions' right answers never appear: quizzes are listed as their
 * page and the reader's API view, which hold none.
 */
import { createHash } from 'node:crypto';
import { AppError } from '~/lib/shared/errors';
import { lessonAttachmentPagePath } from '~/lib/shared/lesson-files';
import type { LessonAttachment } from '~/lib/shared/schemas/lesson-attachments';
import type { LessonSummary } from '~/lib/shared/schemas/content';
import type { OfflineItem, OfflinePackage } from '~/lib/shared/schemas/offline-package';
import { requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseContentWithAccess } from '~/lib/server/access/loaders';
import { renderLessonContent } from '~/lib/server/markdown/render-markdown';
import { getStorage } from '~/lib/server/storage';
import type { FileContent } from '~/lib/server/storage/types';
import { getPublicImage } from '~/lib/server/services/public-files';
import { IMAGE_WIDTHS } from '~/lib/shared/responsive-images';
import { getLesson, readPublishedCourseLessons } from '~/lib/server/services/content/lessons';
import { listLessonAttachments } from '~/lib/server/services/content/lesson-attachments';
import { listCourseQuizEntries } from '~/lib/server/services/quizzes/list-quizzes';
import { listQuizzesOfCourses } from '~/lib/server/services/quizzes/quiz-cache';
import { getQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { listCourseAssignments } from '~/lib/server/services/assignments/list-assignments';

/** Hex characters of a revision: 64 bits tell apart any two states of one course. */
const REVISION_HEX_CHARS = 16;
const encoder = new TextEncoder();

/** A short, stable hash of some values (same values, same revision). */
const revisionOf = (...parts: readonly (string | number | null)[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, REVISION_HEX_CHARS);

const bytesOf = (...texts: readonly string[]): number => texts.reduce((sum, text) => sum + encoder.encode(text).byteLength, 0);

/** The syllabus' levels as the course page shows them: runs of consecutive lessons with the same section, in lesson order. */
function groupLessonsByLevel(lessons: readonly LessonSummary[]): { name: string; lessons: LessonSummary[] }[] {
  const levels: { name: string; lessons: LessonSummary[] }[] = [];
  for (const lesson of lessons) {
    const last = levels.at(-1);
    if (last && last.name === lesson.section) last.lessons.push(lesson);
    else levels.push({ name: lesson.section, lessons: [lesson] });
  }
  return levels;
}

const IMAGE_SRC = /<img\b[^>]*?\ssrc="([^"]*)"/g;
/** A stored public file, whole or (in a lesson, lib/shared/responsive-images.ts) at one width. */
const PUBLIC_FILE_PATH = /^\/api\/v2\/files\/([^/?#]+)(?:\?w=(\d+))?$/;

/** The `src` of every image in sanitized lesson HTML (attributes are double-quoted there, `&` escaped). */
const imageSourcesOf = (html: string): string[] => [...html.matchAll(IMAGE_SRC)].map((match) => match[1]!.replaceAll('&amp;', '&'));

/** A stored image as the lesson shows it (whole, or at its width); null when the key has no file. */
async function readPublicImage(key: string, width: string | undefined): Promise<FileContent | null> {
  if (width === undefined) return getStorage().get(key);
  const shownWidth = IMAGE_WIDTHS.find((candidate) => String(candidate) === width);
  if (!shownWidth) return null;
  return getPublicImage(key, shownWidth).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
}

/**
 * A lesson's images the package can hold: public stored files
 * (`/api/v2/files/<key>`, sized from storage) and the course's own
 * attachments shown as images (sized from their row). Images from other
 * sites are only counted.
 */
async function readLessonImages(
  lessonId: number,
  html: string,
  attachmentsByPath: ReadonlyMap<string, LessonAttachment>,
): Promise<{ images: OfflineItem[]; external: number }> {
  const images: OfflineItem[] = [];
  let external = 0;
  for (const src of new Set(imageSourcesOf(html))) {
    const attachment = attachmentsByPath.get(src);
    const [, publicKey, width] = PUBLIC_FILE_PATH.exec(src) ?? [];
    if (attachment) {
      images.push({ url: src, kind: 'image', id: lessonId, bytes: attachment.sizeBytes, revision: revisionOf(attachment.id, attachment.sizeBytes, attachment.createdAt) });
    } else if (publicKey) {
      // Keys never change content (storage/types.ts): the key is the revision. A key with no file is left out, like a broken image.
      const key = decodeURIComponent(publicKey);
      const file = await readPublicImage(key, width);
      if (file) images.push({ url: src, kind: 'image', id: lessonId, bytes: file.data.byteLength, revision: revisionOf(publicKey, width ?? null) });
    } else {
      external += 1;
    }
  }
  return { images, external };
}

/** The lesson page, its images and its attachments (an attachment shown as an image is listed once, as the image). */
async function readLessonItems(caller: Caller, summary: LessonSummary): Promise<{ items: OfflineItem[]; external: number }> {
  const [lesson, attachments] = await Promise.all([getLesson(caller, summary.id), listLessonAttachments(caller, summary.id)]);
  const html = renderLessonContent(lesson);
  const attachmentsByPath = new Map(attachments.map((attachment) => [lessonAttachmentPagePath(lesson.id, attachment.id), attachment]));
  const { images, external } = await readLessonImages(lesson.id, html, attachmentsByPath);
  const shown = new Set(images.map((image) => image.url));
  const files = attachments
    .filter((attachment) => !shown.has(lessonAttachmentPagePath(lesson.id, attachment.id)))
    .map((attachment): OfflineItem => ({
      url: lessonAttachmentPagePath(lesson.id, attachment.id),
      kind: 'attachment',
      id: attachment.id,
      bytes: attachment.sizeBytes,
      revision: revisionOf(attachment.id, attachment.sizeBytes, attachment.createdAt),
    }));
  const page: OfflineItem = {
    url: `/lessons/${lesson.id}`,
    kind: 'lesson',
    id: lesson.id,
    bytes: bytesOf(lesson.title, html),
    revision: revisionOf(lesson.id, lesson.revision, lesson.publishedAt, lesson.section, lesson.position),
  };
  return { items: [page, ...images, ...files], external };
}

/** The course's published quizzes: each one's page and the API read a student's player opens with (no questions, no answers). */
async function readQuizItems(caller: Caller, courseId: number): Promise<OfflineItem[]> {
  const [entries, settings] = await Promise.all([listCourseQuizEntries(caller, courseId), listQuizzesOfCourses([courseId])]);
  const updatedAt = new Map((settings.get(courseId) ?? []).map((quiz) => [quiz.id, quiz.updatedAt]));
  const published = entries.filter((entry) => entry.published);
  // A student's read is what the phone keeps (with the questions an untimed quiz can be answered from offline, ADR 038);
  // staff, who read the staff view, get the list entry's size as an estimate of the students' view.
  const reads = await Promise.all(published.map(({ quiz }) => getQuiz(caller, quiz.id)));
  return published.flatMap(({ quiz }, index) => {
    const read = reads[index]!;
    const readBytes = 'offlineQuestions' in read ? bytesOf(JSON.stringify(read)) : bytesOf(JSON.stringify(quiz));
    const revision = revisionOf(quiz.id, updatedAt.get(quiz.id) ?? null, quiz.questionCount, quiz.opensAt, quiz.closesAt);
    return [
      { url: `/quizzes/${quiz.id}`, kind: 'quiz' as const, id: quiz.id, bytes: bytesOf(quiz.title, quiz.description), revision },
      { url: `/api/v2/quizzes/${quiz.id}/`, kind: 'quiz' as const, id: quiz.id, bytes: readBytes, revision },
    ];
  });
}

/** The course's published assignments: each one's page with its instructions. */
async function readAssignmentItems(caller: Caller, courseId: number): Promise<OfflineItem[]> {
  const entries = await listCourseAssignments(caller, courseId);
  return entries
    .filter(({ assignment }) => assignment.published)
    .map(({ assignment }) => ({
      url: `/assignments/${assignment.id}`,
      kind: 'assignment' as const,
      id: assignment.id,
      bytes: bytesOf(assignment.title, assignment.instructions),
      revision: revisionOf(assignment.id, assignment.updatedAt, assignment.dueAt),
    }));
}

/**
 * What a phone needs to study a course (or its level `level`, 1-based as the
 * course page lists them) offline, for whoever may read the course's lessons:
 * 404 otherwise, and before the course's release date; 400 for a level the
 * course does not have. Quizzes and assignments belong to the whole course,
 * so every level's package lists them too.
 */
export async function getOfflinePackage(caller: Caller, courseId: number, level?: number): Promise<OfflinePackage> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  const lessons = await readPublishedCourseLessons(courseId);
  const levels = groupLessonsByLevel(lessons);
  const chosen = level === undefined ? null : levels[level - 1];
  if (chosen === undefined) throw new AppError('validation_failed', { fields: { level: { key: 'validation.offline.levelUnknown', params: { count: levels.length } } } });
  const [lessonParts, quizzes, assignments] = await Promise.all([
    Promise.all((chosen?.lessons ?? lessons).map((lesson) => readLessonItems(caller, lesson))),
    readQuizItems(caller, courseId),
    readAssignmentItems(caller, courseId),
  ]);
  // The course page lists every lesson and activity, whatever the level downloaded.
  const coursePage: OfflineItem = {
    url: `/courses/${course.id}`,
    kind: 'course',
    id: course.id,
    bytes: bytesOf(course.name, course.description, ...lessons.map((lesson) => lesson.title)),
    revision: revisionOf(course.updatedAt.toISOString(), ...lessons.map((lesson) => `${lesson.id}:${lesson.revision}`), ...[...quizzes, ...assignments].map((item) => `${item.url}:${item.revision}`)),
  };
  const items = [coursePage, ...lessonParts.flatMap((part) => part.items), ...quizzes, ...assignments];
  return {
    courseId: course.id,
    level: level ?? null,
    levelName: chosen?.name ?? null,
    revision: revisionOf(...items.map((item) => `${item.url} ${item.revision} ${item.bytes}`)),
    items,
    totalBytes: items.reduce((sum, item) => sum + item.bytes, 0),
    externalImages: lessonParts.reduce((sum, part) => sum + part.external, 0),
  };
}
