import { defineEndpoint } from '~/lib/server/http/endpoint';
import { readmitStudent } from '~/lib/server/services/structure/withdrawals';
import { WithdrawalUserParamsSchema } from '~/lib/shared/schemas/withdrawals';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/cohorts/{id}/withdrawals/{userId}/',
  summary: 'Undo a withdrawal (recorded by mistake, or the student comes back): the membership is ACTIVE again and the withdrawal is forgotten. Cohort admins, admins',
  tags: ['cohorts'],
  access: 'user',
  params: WithdrawalUserParamsSchema,
  success: { status: 204, description: 'The student takes part again' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await readmitStudent(caller, params.id, params.userId);
    return { status: 204 };
  },
});
