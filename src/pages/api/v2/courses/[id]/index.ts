import { defineEndpoint } from '~/lib/server/http/endpoint';
import { archiveCourse, getCourse, updateCourse } from '~/lib/server/services/content/courses';
import { CourseSchema, IdParamsSchema, UpdateCourseBodySchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/',
  summary: 'A course the caller sees',
  tags: ['courses'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The course', schema: CourseSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getCourse(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/courses/{id}/',
  summary: "Change a course (admins, and tutors / cohort admins of its program's cohorts)",
  tags: ['courses'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateCourseBodySchema,
  success: { status: 200, description: 'The changed course', schema: CourseSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateCourse(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/courses/{id}/',
  summary: 'Archive a course: status becomes INACTIVE, lessons and history stay',
  tags: ['courses'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 204, description: 'Archived' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await archiveCourse(caller, params.id);
    return { status: 204 };
  },
});
