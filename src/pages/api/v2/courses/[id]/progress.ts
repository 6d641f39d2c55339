import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getCourseProgress } from '~/lib/server/services/lesson-history';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { CourseProgressSchema } from '~/lib/shared/schemas/lesson-history';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/progress/',
  summary: "The share of the course's ACTIVE lessons the caller completed",
  tags: ['lesson-history'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Lessons completed, total and percentage', schema: CourseProgressSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getCourseProgress(caller, params.id) }),
});
