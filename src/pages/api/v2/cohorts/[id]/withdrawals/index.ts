import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCohortWithdrawals, withdrawStudent } from '~/lib/server/services/structure/withdrawals';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { WithdrawalBodySchema, WithdrawalListSchema, WithdrawalSchema } from '~/lib/shared/schemas/withdrawals';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/withdrawals/',
  summary: "The cohort's withdrawn students (day, reason, note, whether they withdrew themselves), oldest first, and their count by reason. Tutors, cohort admins, admins",
  tags: ['cohorts'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The withdrawals', schema: WithdrawalListSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await listCohortWithdrawals(caller, params.id) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/{id}/withdrawals/',
  summary:
    'Withdraw a student from the cohort: the membership ends (INACTIVE) on `withdrawnOn` (today when not given; never a future day) for a `reason` (`other` needs a `note`); the student leaves the at-risk and absence lists and counts as a withdrawal. A student who already left: 409. Cohort admins, admins',
  tags: ['cohorts'],
  access: 'user',
  params: IdParamsSchema,
  body: WithdrawalBodySchema,
  success: { status: 201, description: 'The withdrawal', schema: WithdrawalSchema },
  errors: ['forbidden', 'not_found', 'membership_not_active'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await withdrawStudent(caller, params.id, body) }),
});
