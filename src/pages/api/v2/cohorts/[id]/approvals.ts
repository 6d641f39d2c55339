import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listApprovals } from '~/lib/server/services/gradebook/approvals';
import { ApprovalListSchema, GradebookIdParamsSchema } from '~/lib/shared/schemas/gradebook';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/approvals/',
  summary:
    "Each ACTIVE student's approval state against the rule in force (approved, in_progress, at_risk, not_approved), with what is missing as data and as a sentence in the caller's language. Computed live. Tutors, cohort admins, admins",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 200, description: 'The approvals', schema: ApprovalListSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, t }) => ({ body: await listApprovals(caller, params.id, t) }),
});
