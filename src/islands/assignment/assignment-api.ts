/** The assignment islands' API calls: submit, create, the grading list, one submission, grades, the grading sheet. */
import { getApi } from '~/lib/client/app-client';
import { withQuery } from '~/islands/common/api';
import type { Assignment, Feedback, GradingSheetResult, Roster, StaffSubmission, Submission, SubmissionDetail } from '~/lib/shared/schemas/assignments';

/** Sends a submission (text, link, files) as multipart; `onProgress` hears the bytes sent. */
export function sendSubmission(assignmentId: number, content: { text: string; link: string; files: File[] }, onProgress: (sent: number) => void) {
  const form = new FormData();
  if (content.text.trim()) form.append('text', content.text);
  if (content.link.trim()) form.append('link', content.link.trim());
  for (const file of content.files) form.append('files', file, file.name);
  return getApi().upload<Submission>(`/api/v2/assignments/${assignmentId}/submissions/`, form, onProgress);
}

export const createAssignment = (body: Record<string, unknown>) => getApi().post<Assignment>('/api/v2/assignments/', body);
export const updateAssignment = (assignmentId: number, body: Record<string, unknown>) => getApi().patch<Assignment>(`/api/v2/assignments/${assignmentId}/`, body);

export const readRoster = (assignmentId: number, query: { sort: string; status?: string; search?: string; cohort?: number }, signal: AbortSignal) =>
  getApi().get<Roster>(withQuery(`/api/v2/assignments/${assignmentId}/roster/`, query), { signal });

export const readSubmission = (submissionId: number, signal?: AbortSignal) => getApi().get<SubmissionDetail>(`/api/v2/assignments/submissions/${submissionId}/`, { signal });

export const saveGrade = (body: { submissionId: number; score: number; feedback: string }) => getApi().post<StaffSubmission>('/api/v2/assignments/submissions/grade/', body);

export const releaseGrades = (assignmentId: number) => getApi().post<Assignment>(`/api/v2/assignments/${assignmentId}/release-grades/`, {});

export function uploadGradingSheet(assignmentId: number, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  return getApi().upload<GradingSheetResult>(withQuery(`/api/v2/assignments/${assignmentId}/grading-sheet/`, { dryRun }), form, () => undefined);
}

export const setPublished = (assignmentId: number, published: boolean) => getApi().patch<Assignment>(`/api/v2/assignments/${assignmentId}/`, { published });
export const deleteAssignment = (assignmentId: number) => getApi().delete<void>(`/api/v2/assignments/${assignmentId}/`);

export const sendLessonFeedback = (body: { studentId: number; lessonId: number; body: string }) => getApi().post<Feedback>('/api/v2/feedbacks/', body);
