/** Assignment builders for tests: an assignment written through the authoring service, and submissions sent as a student's browser sends them. */
import { createAssignment } from '~/lib/server/services/assignments/author-assignments';
import { CreateAssignmentBodySchema, type Assignment } from '~/lib/shared/schemas/assignments';
import { POST as submitRoute } from '~/pages/api/v2/assignments/[id]/submissions/index';
import { callForm, pdfBytes, type FormFile } from '../support/multipart';
import { SYSTEM_ADMIN } from './quizzes';

/** A published assignment of a course (override anything the API takes). */
export async function createAssignmentFor(courseId: number, overrides: Record<string, unknown> = {}): Promise<Assignment> {
  const body = CreateAssignmentBodySchema.parse({ courseId, title: 'Informe de la semana', activityType: 'practical', published: true, ...overrides });
  return createAssignment(SYSTEM_ADMIN, body);
}

export const pdfFile = (name = 'informe.pdf', size = 256): FormFile => ({ name, type: 'application/pdf', data: pdfBytes(size) });

/** Submits as a student: text, link and files as multipart fields. */
export function submit(assignmentId: number, token: string, content: { text?: string; link?: string; files?: FormFile[] } = {}) {
  const fields: Record<string, string> = {};
  if (content.text !== undefined) fields.text = content.text;
  if (content.link !== undefined) fields.link = content.link;
  return callForm(submitRoute, {
    path: `/api/v2/assignments/${assignmentId}/submissions/`,
    params: { id: String(assignmentId) },
    fields,
    files: content.files ? { files: content.files } : {},
    token,
  });
}
