import { defineEndpoint } from '~/lib/server/http/endpoint';
import { previewLessonContent } from '~/lib/server/services/content/preview-lesson-content';
import { LessonPreviewBodySchema, LessonPreviewSchema } from '~/lib/shared/schemas/content';

// A static route: Astro serves /api/v2/lessons/preview/ from here, not from the dynamic lessons/[id].
export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/lessons/preview/',
  summary: "Lesson Markdown rendered and sanitized as the lesson page shows it (the editor's preview; nothing is saved)",
  tags: ['lessons'],
  access: 'user',
  body: LessonPreviewBodySchema,
  success: { status: 200, description: 'The safe HTML', schema: LessonPreviewSchema },
  errors: ['forbidden'],
  handle: async ({ caller, body }) => ({ body: await previewLessonContent(caller, body.contentMd) }),
});
