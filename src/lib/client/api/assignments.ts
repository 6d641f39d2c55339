/** The assignment islands' API calls: submit, create, the grading list, one submission, grades, the grading sheet, lesson feedback. */
import { api } from '~/lib/client/app-client';
import type { Body, Query } from './typed-api';

/** Sends a submission (text, link, files) as multipart; `onProgress` hears the bytes sent; `clientKey` makes sending it again harmless (the outbox). */
export function sendSubmission(assignmentId: number, content: { text: string; link: string; files: File[] }, onProgress: (sent: number) => void, clientKey?: string) {
  const form = new FormData();
  if (content.text.trim()) form.append('text', content.text);
  if (content.link.trim()) form.append('link', content.link.trim());
  for (const file of content.files) form.append('files', file, file.name);
  return api.upload('/api/v2/assignments/{id}/submissions/', { path: { id: assignmentId }, ...(clientKey && { query: { clientKey } }), body: form, onProgress });
}

export type AssignmentDraft = Body<'/api/v2/assignments/', 'post'>;
export type AssignmentChange = Body<'/api/v2/assignments/{id}/', 'patch'>;

export const createAssignment = (body: AssignmentDraft) => api.post('/api/v2/assignments/', { body });
export const updateAssignment = (assignmentId: number, body: AssignmentChange) => api.patch('/api/v2/assignments/{id}/', { path: { id: assignmentId }, body });

export const readRoster = (assignmentId: number, query: Query<'/api/v2/assignments/{id}/roster/', 'get'>, signal: AbortSignal) =>
  api.get('/api/v2/assignments/{id}/roster/', { path: { id: assignmentId }, query, signal });

export const readSubmission = (submissionId: number, signal?: AbortSignal) => api.get('/api/v2/assignments/submissions/{id}/', { path: { id: submissionId }, signal });

export const saveGrade = (body: Body<'/api/v2/assignments/submissions/grade/', 'post'>) => api.post('/api/v2/assignments/submissions/grade/', { body });

export const releaseGrades = (assignmentId: number) => api.post('/api/v2/assignments/{id}/release-grades/', { path: { id: assignmentId } });

export function uploadGradingSheet(assignmentId: number, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload('/api/v2/assignments/{id}/grading-sheet/', { path: { id: assignmentId }, query: { dryRun }, body: form, onProgress: () => undefined });
}

export const setPublished = (assignmentId: number, published: boolean) => api.patch('/api/v2/assignments/{id}/', { path: { id: assignmentId }, body: { published } });
export const deleteAssignment = (assignmentId: number) => api.delete('/api/v2/assignments/{id}/', { path: { id: assignmentId } });

export const sendLessonFeedback = (body: Body<'/api/v2/feedbacks/', 'post'>) => api.post('/api/v2/feedbacks/', { body });
