import { defineEndpoint } from '~/lib/server/http/endpoint';
import { checkIn } from '~/lib/server/services/attendance/check-in';
import { CheckInBodySchema, CheckInResultSchema } from '~/lib/shared/schemas/attendance';
import { LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/live-session/{id}/check-in/',
  summary:
    "A student of the cohort checks in with the code on the tutor's screen (it changes every 30 s; the current and the previous one are accepted): present, or late after the program's threshold. Outside the session's window 409; a wrong or stale code 400",
  tags: ['attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  body: CheckInBodySchema,
  success: { status: 200, description: 'The status recorded', schema: CheckInResultSchema },
  errors: ['forbidden', 'not_found', 'check_in_not_open', 'check_in_code_invalid'],
  handle: async ({ caller, params, body }) => ({ body: await checkIn(caller, params.id, body.code) }),
});
