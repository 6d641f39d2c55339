import { defineEndpoint } from '~/lib/server/http/endpoint';
import { withdrawMe } from '~/lib/server/services/structure/withdrawals';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { MyWithdrawalBodySchema, WithdrawalSchema } from '~/lib/shared/schemas/withdrawals';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/{id}/my-withdrawal/',
  summary: 'The caller withdraws from a cohort they take part in as a student, today, for a `reason` (`other` needs a `note`). Not their cohort: 404; already left: 409. Students',
  tags: ['cohorts'],
  access: 'user',
  params: IdParamsSchema,
  body: MyWithdrawalBodySchema,
  success: { status: 201, description: 'The withdrawal', schema: WithdrawalSchema },
  errors: ['not_found', 'membership_not_active'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await withdrawMe(caller, params.id, body) }),
});
