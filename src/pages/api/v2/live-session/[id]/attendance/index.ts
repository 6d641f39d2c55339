import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listSessionAttendance } from '~/lib/server/services/live-sessions/attendance';
import { AttendanceRowSchema, LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/attendance/',
  summary: "A session's attendance: every student of the cohort with when they joined (its tutors and cohort admins)",
  tags: ['live-sessions'],
  access: 'user',
  params: LiveSessionParamsSchema,
  success: { status: 200, description: 'Attendance', schema: z.array(AttendanceRowSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: (await listSessionAttendance(caller, params.id)).rows }),
});
