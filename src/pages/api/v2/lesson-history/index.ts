import { defineEndpoint } from '~/lib/server/http/endpoint';
import { recordLessonProgress, startLesson } from '~/lib/server/services/lesson-history';
import { LessonHistorySchema, LessonProgressBodySchema, LessonRefBodySchema } from '~/lib/shared/schemas/lesson-history';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/lesson-history/',
  summary: 'Start a lesson (idempotent)',
  tags: ['lesson-history'],
  access: 'user',
  body: LessonRefBodySchema,
  success: { status: 200, description: "The caller's history of the lesson", schema: LessonHistorySchema },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ body: await startLesson(caller, body.lessonId) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/lesson-history/',
  summary: 'Record progress (0–100, never goes down) and the resume point of a lesson',
  tags: ['lesson-history'],
  access: 'user',
  body: LessonProgressBodySchema,
  success: { status: 200, description: "The caller's history of the lesson", schema: LessonHistorySchema },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ body: await recordLessonProgress(caller, body) }),
});
