import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getCohortApprovalRule, removeCohortApprovalRule, setCohortApprovalRule } from '~/lib/server/services/gradebook/approval-rules';
import { ApprovalRuleBodySchema, ApprovalRuleSchema, GradebookIdParamsSchema } from '~/lib/shared/schemas/gradebook';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/approval-rule/',
  summary: "The approval rule the cohort's students are held to: the cohort's own, else its program's, else the defaults (`source`). Members of the cohort",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 200, description: 'The rule in force', schema: ApprovalRuleSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getCohortApprovalRule(caller, params.id) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/cohorts/{id}/approval-rule/',
  summary:
    "Set the cohort's own approval rule over its program's: `minGrade` (0.0–5.0), `minCompletionPercent`, `minAttendancePercent`, `mustPassItems` (each item marked mustPass scored at least the pass mark as a percentage), `allCoursesRequired` (each course reaches minGrade, else their mean), `passMark`. Cohort admins, admins",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  body: ApprovalRuleBodySchema,
  success: { status: 200, description: 'The rule', schema: ApprovalRuleSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await setCohortApprovalRule(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/cohorts/{id}/approval-rule/',
  summary: "Remove the cohort's own approval rule: its students are held to its program's again (or the defaults); answers the rule now in force. Nothing to remove is not an error. Cohort admins, admins",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 200, description: 'The rule now in force', schema: ApprovalRuleSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await removeCohortApprovalRule(caller, params.id) }),
});
