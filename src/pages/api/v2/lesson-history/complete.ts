import { defineEndpoint } from '~/lib/server/http/endpoint';
import { completeLesson } from '~/lib/server/services/lesson-history';
import { LessonHistorySchema, LessonRefBodySchema } from '~/lib/shared/schemas/lesson-history';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/lesson-history/complete/',
  summary: 'Mark a lesson completed (idempotent: the first completion time stays)',
  tags: ['lesson-history'],
  access: 'user',
  body: LessonRefBodySchema,
  success: { status: 200, description: "The caller's history of the lesson", schema: LessonHistorySchema },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ body: await completeLesson(caller, body.lessonId) }),
});
