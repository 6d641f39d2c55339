import { defineEndpoint } from '~/lib/server/http/endpoint';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { exportSessionAttendance } from '~/lib/server/services/live-sessions/attendance';
import { AttendanceExportQuerySchema, LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/attendance/export/',
  summary: "A session's attendance as a file: `?format=xlsx` (default) or `csv` (its tutors and cohort admins)",
  tags: ['live-sessions'],
  access: 'user',
  params: LiveSessionParamsSchema,
  query: AttendanceExportQuerySchema,
  success: { status: 200, description: 'The attendance file', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, lang, t }) => tableFileResponse(await exportSessionAttendance(caller, params.id, { format: query.format, lang, t })),
});
