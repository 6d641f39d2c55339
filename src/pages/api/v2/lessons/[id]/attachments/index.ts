import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listLessonAttachments, uploadLessonAttachment } from '~/lib/server/services/content/lesson-attachments';
import { LESSON_ATTACHMENT_MAX_BYTES, LESSON_ATTACHMENT_MAX_LABEL } from '~/lib/shared/constants';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { LessonAttachmentSchema, UploadLessonAttachmentBodySchema } from '~/lib/shared/schemas/lesson-attachments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/lessons/{id}/attachments/',
  summary: "A lesson's attachments in order (whoever may read the lesson: students once its course is released to their cohort)",
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The attachments', schema: z.array(LessonAttachmentSchema) },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await listLessonAttachments(caller, params.id) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/lessons/{id}/attachments/',
  summary:
    'Attach a file to a lesson (`file`: PDF, PNG, JPEG, WebP, GIF, Word, Excel, PowerPoint, OpenDocument or ZIP, recognised by its bytes; up to 20 MB and 30 files per lesson), after its last attachment. Managers of the content',
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  body: UploadLessonAttachmentBodySchema,
  upload: { maxFileBytes: LESSON_ATTACHMENT_MAX_BYTES, maxFileLabel: LESSON_ATTACHMENT_MAX_LABEL },
  success: { status: 201, description: 'The new attachment', schema: LessonAttachmentSchema },
  errors: ['forbidden', 'not_found', 'lesson_attachments_full'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await uploadLessonAttachment(caller, params.id, body.file) }),
});
