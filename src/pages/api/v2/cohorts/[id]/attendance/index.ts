import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCohortAttendance } from '~/lib/server/services/live-sessions/attendance';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { StudentAttendanceSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/attendance/',
  summary: "Live-session attendance per student of a cohort: sessions joined out of those already over (its tutors and cohort admins)",
  tags: ['live-sessions', 'structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Attendance per student', schema: z.array(StudentAttendanceSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: (await listCohortAttendance(caller, params.id)).rows }),
});
