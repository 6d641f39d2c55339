/** The lesson screens' API calls: a course's lessons, one lesson, its preview and its attachments. */
import { getApi } from '~/lib/client/app-client';
import type { Lesson, LessonPreview, LessonSummary, UpdateLessonBody } from '~/lib/shared/schemas/content';
import type { LessonImportResult } from '~/lib/shared/schemas/lesson-import';
import type { LessonAttachment } from '~/lib/shared/schemas/lesson-attachments';
import { withQuery } from '~/islands/common/api';

const lessonsRoute = (courseId: number) => `/api/v2/courses/${courseId}/lessons/`;

/** The course's lessons (archived included) in position order. */
export const listLessons = (courseId: number, signal: AbortSignal) => getApi().get<LessonSummary[]>(lessonsRoute(courseId), { signal });
export const createLesson = (courseId: number, values: { title: string; section: string }) => getApi().post<Lesson>(lessonsRoute(courseId), values);
/** Saves the lessons' order (every lesson id, first to last) and answers them in it. */
export const reorderLessons = (courseId: number, order: number[]) => getApi().put<LessonSummary[]>(`${lessonsRoute(courseId)}reorder/`, { order });
/** Changes some of a lesson's fields (its status, or what the editor changed). */
export const updateLesson = (lessonId: number, changes: UpdateLessonBody) => getApi().patch<Lesson>(`/api/v2/lessons/${lessonId}/`, changes);
/** The lesson page's HTML for some Markdown, rendered and sanitized by the server. */
export const previewLesson = (contentMd: string, signal: AbortSignal) => getApi().request<LessonPreview>({ method: 'post', route: '/api/v2/lessons/preview/', body: { contentMd }, signal });

/** Uploads files of lessons (Markdown or Word) to a course; `dryRun` only checks them and says what would be created. */
export function importLessons(courseId: number, form: FormData, dryRun: boolean, onProgress: (share: number) => void) {
  return getApi().upload<LessonImportResult>(withQuery(`${lessonsRoute(courseId)}import/`, { dryRun: dryRun || undefined }), form, onProgress);
}

const attachmentsRoute = (lessonId: number) => `/api/v2/lessons/${lessonId}/attachments/`;

export const listAttachments = (lessonId: number, signal: AbortSignal) => getApi().get<LessonAttachment[]>(attachmentsRoute(lessonId), { signal });
export const deleteAttachment = (lessonId: number, attachmentId: number) => getApi().delete<null>(`${attachmentsRoute(lessonId)}${attachmentId}/`);

/** Uploads one attachment, reporting the share sent (0–1). */
export function uploadAttachment(lessonId: number, file: File, onProgress: (share: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return getApi().upload<LessonAttachment>(attachmentsRoute(lessonId), form, onProgress);
}
