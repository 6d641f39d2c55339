import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createLessonsInBulk } from '~/lib/server/services/content/lesson-positions';
import { BulkCreateLessonsBodySchema, IdParamsSchema, LessonSummarySchema } from '~/lib/shared/schemas/content';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/courses/{id}/lessons/bulk/',
  summary: 'Append many lessons at once, all or nothing (errors per row, e.g. lessons.3.title)',
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  body: BulkCreateLessonsBodySchema,
  success: { status: 201, description: 'The new lessons in order', schema: z.object({ created: z.number().int(), lessons: z.array(LessonSummarySchema) }) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => {
    const lessons = await createLessonsInBulk(caller, params.id, body.lessons);
    return { status: 201, body: { created: lessons.length, lessons } };
  },
});
