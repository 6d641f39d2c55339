/** The lesson screens' API calls: a course's lessons, one lesson, its preview and its attachments. */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

/** The course's lessons (archived included) in position order. */
export const listLessons = (courseId: number, signal: AbortSignal) => api.get('/api/v2/courses/{id}/lessons/', { path: { id: courseId }, signal });
export const createLesson = (courseId: number, values: { title: string; section: string }) => api.post('/api/v2/courses/{id}/lessons/', { path: { id: courseId }, body: values });
/** Saves the lessons' order (every lesson id, first to last) and answers them in it. */
export const reorderLessons = (courseId: number, order: number[]) => api.put('/api/v2/courses/{id}/lessons/reorder/', { path: { id: courseId }, body: { order } });
/** Changes some of a lesson's fields (its status, or what the editor changed). */
export const updateLesson = (lessonId: number, changes: Body<'/api/v2/lessons/{id}/', 'patch'>) => api.patch('/api/v2/lessons/{id}/', { path: { id: lessonId }, body: changes });
/** The lesson page's HTML for some Markdown, rendered and sanitized by the server. */
export const previewLesson = (contentMd: string, signal: AbortSignal) => api.post('/api/v2/lessons/preview/', { body: { contentMd }, signal });

/** Uploads files of lessons (Markdown or Word) to a course; `dryRun` only checks them and says what would be created. */
export const importLessons = (courseId: number, form: FormData, dryRun: boolean, onProgress: (share: number) => void) =>
  api.upload('/api/v2/courses/{id}/lessons/import/', { path: { id: courseId }, query: { dryRun: dryRun || undefined }, body: form, onProgress });

export const listAttachments = (lessonId: number, signal: AbortSignal) => api.get('/api/v2/lessons/{id}/attachments/', { path: { id: lessonId }, signal });
export const deleteAttachment = (lessonId: number, attachmentId: number) => api.delete('/api/v2/lessons/{id}/attachments/{attachmentId}/', { path: { id: lessonId, attachmentId } });

/** Uploads one attachment, reporting the share sent (0–1). */
export function uploadAttachment(lessonId: number, file: File, onProgress: (share: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return api.upload('/api/v2/lessons/{id}/attachments/', { path: { id: lessonId }, body: form, onProgress });
}
