import { defineEndpoint } from '~/lib/server/http/endpoint';
import { setCohortDueDate } from '~/lib/server/services/assignments/cohort-assignments';
import { CohortAssignmentParamsSchema, CohortAssignmentSchema, DueDateBodySchema } from '~/lib/shared/schemas/assignments';

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/cohorts/{id}/content/assignments/{assignmentId}/',
  summary: "Move an assignment's due date for the cohort's students (`dueAt`; null gives them the assignment's own again). What they already submitted is judged late or not again. Tutors, cohort admins, platform admins",
  tags: ['cohorts', 'assignments'],
  access: 'user',
  params: CohortAssignmentParamsSchema,
  body: DueDateBodySchema,
  success: { status: 200, description: 'The assignment as the cohort sees it', schema: CohortAssignmentSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await setCohortDueDate(caller, params.id, params.assignmentId, body.dueAt) }),
});
