import { defineEndpoint } from '~/lib/server/http/endpoint';
import { reviewExcuse } from '~/lib/server/services/attendance/excuses';
import { ExcuseParamsSchema, ExcuseSchema, ReviewExcuseBodySchema } from '~/lib/shared/schemas/attendance';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/live-session/{id}/attendance/excuses/{excuseId}/',
  summary: "Staff review an excuse: `accepted` sets the student's attendance to excused; `rejected` (of one accepted before) puts them back to absent. Changes after the session are audited with `note`. Its tutors, cohort admins and admins",
  tags: ['attendance'],
  access: 'user',
  params: ExcuseParamsSchema,
  body: ReviewExcuseBodySchema,
  success: { status: 200, description: 'The excuse', schema: ExcuseSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await reviewExcuse(caller, params.id, params.excuseId, body) }),
});
