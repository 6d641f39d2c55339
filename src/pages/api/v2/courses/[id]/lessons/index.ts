import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCourseLessons } from '~/lib/server/services/content/lessons';
import { createLesson } from '~/lib/server/services/content/lesson-positions';
import { CreateLessonBodySchema, IdParamsSchema, LessonSchema, LessonSummarySchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/lessons/',
  summary: "A course's lessons in position order (students: ACTIVE ones; no content, see the lesson)",
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The lessons', schema: z.array(LessonSummarySchema) },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await listCourseLessons(caller, params.id) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/courses/{id}/lessons/',
  summary: 'Add a lesson to a course (at the end, or at a position moving the later ones down)',
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  body: CreateLessonBodySchema,
  success: { status: 201, description: 'The new lesson', schema: LessonSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await createLesson(caller, params.id, body) }),
});
