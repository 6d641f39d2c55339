import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getPathProgress } from '~/lib/server/services/lesson-history';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { PathProgressSchema } from '~/lib/shared/schemas/lesson-history';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/learning-paths/{id}/progress/',
  summary: "The caller's progress across the courses they see in a learning path, and per course",
  tags: ['lesson-history'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Totals, percentage and per-course progress', schema: PathProgressSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getPathProgress(caller, params.id) }),
});
