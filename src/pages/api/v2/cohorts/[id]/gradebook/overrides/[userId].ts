import { defineEndpoint } from '~/lib/server/http/endpoint';
import { overrideCourseGrade } from '~/lib/server/services/gradebook/overrides';
import { OverrideBodySchema, OverrideParamsSchema, OverrideResultSchema } from '~/lib/shared/schemas/gradebook';

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/cohorts/{id}/gradebook/overrides/{userId}/',
  summary:
    "Override a student's course grade (0.0–5.0) with a reason, or clear the override (`grade: null`); every change is kept (who, when, old, new, reason) and answered with the student's row. Tutors, cohort admins, admins",
  tags: ['gradebook'],
  access: 'user',
  params: OverrideParamsSchema,
  body: OverrideBodySchema,
  success: { status: 200, description: "The student's row and the override's history", schema: OverrideResultSchema },
  errors: ['grade_weights_incomplete', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body, t }) => ({ body: await overrideCourseGrade(caller, params.id, params.userId, body, t) }),
});
