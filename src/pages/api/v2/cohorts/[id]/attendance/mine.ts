import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getMyAttendance } from '~/lib/server/services/attendance/my-attendance';
import { MyAttendanceSchema } from '~/lib/shared/schemas/attendance';
import { IdParamsSchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/attendance/mine/',
  summary: "The caller's own attendance in a cohort they study in: sessions and hours attended of those held, the % the approval rule reads (excused sessions left out) and the sentence shown to them",
  tags: ['attendance'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Their attendance', schema: MyAttendanceSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, t }) => ({ body: await getMyAttendance(caller, t, params.id) }),
});
