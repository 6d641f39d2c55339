import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteLessonAttachment } from '~/lib/server/services/content/lesson-attachments';
import { LessonAttachmentParamsSchema } from '~/lib/shared/schemas/lesson-attachments';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/lessons/{id}/attachments/{attachmentId}/',
  summary: 'Remove an attachment and its file (managers of the content)',
  tags: ['lessons'],
  access: 'user',
  params: LessonAttachmentParamsSchema,
  success: { status: 204, description: 'Removed' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await deleteLessonAttachment(caller, params.id, params.attachmentId);
    return { status: 204 };
  },
});
