import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getLesson, updateLesson } from '~/lib/server/services/content/lessons';
import { deleteLesson } from '~/lib/server/services/content/lesson-positions';
import { IdParamsSchema, LessonSchema, UpdateLessonBodySchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/lessons/{id}/',
  summary: 'A lesson the caller sees, with its Markdown content',
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The lesson', schema: LessonSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getLesson(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/lessons/{id}/',
  summary: 'Change a lesson (its revision goes up); status INACTIVE archives it',
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateLessonBodySchema,
  success: { status: 200, description: 'The changed lesson', schema: LessonSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateLesson(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/lessons/{id}/',
  summary: 'Remove a lesson and close the gap in positions (its history goes too; archive to keep it)',
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 204, description: 'Removed' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await deleteLesson(caller, params.id);
    return { status: 204 };
  },
});
