import { defineEndpoint } from '~/lib/server/http/endpoint';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { exportCohortAttendance } from '~/lib/server/services/live-sessions/attendance';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { AttendanceExportQuerySchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/attendance/export/',
  summary: "A cohort's live-session attendance per student as a file: `?format=xlsx` (default) or `csv`, and `course_id` for one course's sessions and the whole cohort's (its tutors and cohort admins)",
  tags: ['live-sessions', 'structure'],
  access: 'user',
  params: IdParamsSchema,
  query: AttendanceExportQuerySchema,
  success: { status: 200, description: 'The attendance file', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, lang, t }) => tableFileResponse(await exportCohortAttendance(caller, params.id, { format: query.format, lang, t, courseId: query.course_id })),
});
