import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getRoster } from '~/lib/server/services/assignments/submissions';
import { AssignmentParamsSchema, RosterQuerySchema, RosterSchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/{id}/roster/',
  summary:
    "The whole grading list of an assignment (the grading view moves through it without another request): every student the caller grades with their state and latest submission, filtered and sorted as `submissions/`, and the counts by state. Names are hidden (`student: null`, `anonymousNumber`) while anonymous grades are not released. Staff of the course",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: RosterQuerySchema,
  success: { status: 200, description: 'The grading list', schema: RosterSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query }) => ({ body: await getRoster(caller, params.id, query) }),
});
