import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCohortAttendance } from '~/lib/server/services/live-sessions/attendance';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { CohortAttendanceQuerySchema, StudentAttendanceSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/attendance/',
  summary:
    "Live-session attendance per student of a cohort: sessions and hours attended out of those already over (its tutors and cohort admins); `course_id` (one of the cohort's courses) narrows it to that course's sessions and the whole cohort's",
  tags: ['live-sessions', 'structure'],
  access: 'user',
  params: IdParamsSchema,
  query: CohortAttendanceQuerySchema,
  success: { status: 200, description: 'Attendance per student', schema: z.array(StudentAttendanceSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query }) => ({ body: (await listCohortAttendance(caller, params.id, { courseId: query.course_id })).rows }),
});
