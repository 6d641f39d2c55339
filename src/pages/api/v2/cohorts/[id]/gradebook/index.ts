import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getGradebook } from '~/lib/server/services/gradebook/gradebook';
import { GradebookIdParamsSchema, GradebookQuerySchema, GradebookSchema } from '~/lib/shared/schemas/gradebook';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/gradebook/',
  summary:
    "A course's gradebook in the cohort (`?course_id=`): per ACTIVE student each item's score after late penalties (released grades only; missing work counts 0 once its due date passed), each category's average (dropLowest honoured), the course grade as a percentage and on 0.0–5.0 (a tutor's override shown as such), completion, attendance and the approval state. 400 grade_weights_incomplete until the course's weights add up to 100. Tutors, cohort admins, admins",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  query: GradebookQuerySchema,
  success: { status: 200, description: 'The gradebook', schema: GradebookSchema },
  errors: ['grade_weights_incomplete', 'forbidden', 'not_found'],
  handle: async ({ caller, params, query, t }) => ({ body: await getGradebook(caller, params.id, query.course_id, t) }),
});
