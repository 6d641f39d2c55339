import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getMyGrades } from '~/lib/server/services/gradebook/my-grades';
import { GradebookIdParamsSchema, MyGradesSchema } from '~/lib/shared/schemas/gradebook';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/my-grades/',
  summary:
    "The caller's own grades in a course they study: each category's weight and average, each item's score or (pending) the most it could still add to the course grade, the course grade, the highest still reachable, and their approval state. Students of the course; staff 403",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 200, description: 'Their grades', schema: MyGradesSchema },
  errors: ['grade_weights_incomplete', 'forbidden', 'not_found'],
  handle: async ({ caller, params, t }) => ({ body: await getMyGrades(caller, params.id, t) }),
});
