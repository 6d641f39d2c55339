import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { getLessonAttachmentFile } from '~/lib/server/services/content/lesson-attachments';
import { LessonAttachmentParamsSchema } from '~/lib/shared/schemas/lesson-attachments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/lessons/{id}/attachments/{attachmentId}/download/',
  summary: "An attachment's file, as a download under its original name (whoever may read the lesson)",
  tags: ['lessons'],
  access: 'user',
  params: LessonAttachmentParamsSchema,
  success: { status: 200, description: 'The file bytes (Content-Disposition: attachment)', schema: z.string().meta({ format: 'binary' }), contentType: 'application/octet-stream' },
  errors: ['not_found'],
  handle: async ({ caller, params }) => fileDownloadResponse(await getLessonAttachmentFile(caller, params.id, params.attachmentId)),
});
