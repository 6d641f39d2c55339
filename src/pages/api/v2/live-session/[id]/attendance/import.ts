import { defineEndpoint } from '~/lib/server/http/endpoint';
import { importSessionMinutes } from '~/lib/server/services/attendance/import-minutes';
import { PARTICIPANT_REPORT_MAX_BYTES, PARTICIPANT_REPORT_MAX_LABEL } from '~/lib/shared/attendance';
import { ImportMinutesBodySchema, ImportMinutesQuerySchema, ImportMinutesResultSchema } from '~/lib/shared/schemas/attendance';
import { LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/live-session/{id}/attendance/import/',
  summary:
    "Imports an online session's participant report (multipart `file`: the CSV Google Meet, Zoom or Microsoft Teams exports; `provider` to insist on one): students matched by e-mail, minutes summed per person, status by the program's thresholds, students not named absent. `?preview=true` answers the same without saving. Its tutors, cohort admins and admins",
  tags: ['attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  query: ImportMinutesQuerySchema,
  body: ImportMinutesBodySchema,
  upload: { maxFileBytes: PARTICIPANT_REPORT_MAX_BYTES, maxFileLabel: PARTICIPANT_REPORT_MAX_LABEL },
  success: { status: 200, description: 'Matched, unmatched and missing people, and how many marks changed', schema: ImportMinutesResultSchema },
  errors: ['forbidden', 'not_found', 'participant_report_unreadable'],
  handle: async ({ caller, params, query, body }) => ({
    body: await importSessionMinutes(caller, params.id, { file: body.file, provider: body.provider, reason: body.reason, preview: query.preview }),
  }),
});
