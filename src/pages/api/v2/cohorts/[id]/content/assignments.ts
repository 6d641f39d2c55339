import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCohortAssignments } from '~/lib/server/services/assignments/cohort-assignments';
import { AssignmentParamsSchema, CohortAssignmentPageSchema, CohortAssignmentsQuerySchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/content/assignments/',
  summary: "A cohort's assignments (its program's courses), soonest due first: the cohort's due date (moved or the assignment's own) and its students' counts by state; `students=true` adds each student's state. Tutors, cohort admins, platform admins",
  tags: ['cohorts', 'assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: CohortAssignmentsQuerySchema,
  success: { status: 200, description: 'One page', schema: CohortAssignmentPageSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, request }) => ({ body: await listCohortAssignments(caller, params.id, query, request.url) }),
});
