import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getProgramApprovalRule, setProgramApprovalRule } from '~/lib/server/services/gradebook/approval-rules';
import { ApprovalRuleBodySchema, ApprovalRuleSchema, GradebookIdParamsSchema } from '~/lib/shared/schemas/gradebook';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/approval-rule/',
  summary: "A program's approval rule and pass mark (the defaults, `source: default`, until one is set: 3.0, every mustPass item, every course). Its staff",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 200, description: 'The rule', schema: ApprovalRuleSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getProgramApprovalRule(caller, params.id) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/programs/{id}/approval-rule/',
  summary:
    "Set a program's approval rule and pass mark (cohorts may override it): `minGrade` (0.0–5.0), `minCompletionPercent`, `minAttendancePercent`, `mustPassItems`, `allCoursesRequired`, `passMark` (default 3.0). Platform admins",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  body: ApprovalRuleBodySchema,
  success: { status: 200, description: 'The rule', schema: ApprovalRuleSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await setProgramApprovalRule(caller, params.id, body) }),
});
