import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { reorderLessons } from '~/lib/server/services/content/lesson-positions';
import { IdParamsSchema, LessonSummarySchema, ReorderLessonsBodySchema } from '~/lib/shared/schemas/content';

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/courses/{id}/lessons/reorder/',
  summary: "Put a course's lessons in a new order (the list must hold exactly its lessons); one transaction",
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  body: ReorderLessonsBodySchema,
  success: { status: 200, description: 'The lessons in their new order', schema: z.array(LessonSummarySchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await reorderLessons(caller, params.id, body.order) }),
});
