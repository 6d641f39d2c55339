import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getCheckInCode } from '~/lib/server/services/attendance/check-in';
import { CheckInCodeSchema } from '~/lib/shared/schemas/attendance';
import { LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/check-in-code/',
  summary: "The check-in code to show now (for the QR) and when it changes (every 30 s). The session's tutors, cohort admins and admins",
  tags: ['attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  success: { status: 200, description: 'The code', schema: CheckInCodeSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getCheckInCode(caller, params.id), headers: { 'Cache-Control': 'no-store' } }),
});
