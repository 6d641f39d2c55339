import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createCourse } from '~/lib/server/services/content/courses';
import { CourseSchema, CreateCourseBodySchema } from '~/lib/shared/schemas/content';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/courses/',
  summary: 'Create a course in a program (admins)',
  tags: ['courses'],
  access: 'user',
  body: CreateCourseBodySchema,
  success: { status: 201, description: 'The new course', schema: CourseSchema },
  errors: ['forbidden'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createCourse(caller, body) }),
});
