import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { reorderCourses } from '~/lib/server/services/content/courses';
import { CourseSchema, IdParamsSchema, ReorderCoursesBodySchema } from '~/lib/shared/schemas/content';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/programs/{id}/courses/reorder/',
  summary: "Put a program's courses in a new order (admins; the list must hold every course of the program, archived ones too, each once); one transaction",
  tags: ['programs'],
  access: 'user',
  params: IdParamsSchema,
  body: ReorderCoursesBodySchema,
  success: { status: 200, description: 'The courses in their new order', schema: z.array(CourseSchema) },
  errors: ['course_order_mismatch', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await reorderCourses(caller, params.id, body.order) }),
});
