import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getProgramAttendanceSettings, setProgramAttendanceSettings } from '~/lib/server/services/attendance/settings';
import { AttendanceSettingsSchema, UpdateAttendanceSettingsBodySchema } from '~/lib/shared/schemas/attendance';
import { IdParamsSchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/attendance-settings/',
  summary: "A program's attendance thresholds (the defaults until set: late after 10 minutes, present at 80 % of an online session's minutes, late at 50 %, an alert after 3 absences in a row). Its staff",
  tags: ['attendance'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The thresholds', schema: AttendanceSettingsSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getProgramAttendanceSettings(caller, params.id) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/programs/{id}/attendance-settings/',
  summary: "Sets a program's attendance thresholds (platform admins)",
  tags: ['attendance'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateAttendanceSettingsBodySchema,
  success: { status: 200, description: 'The thresholds', schema: AttendanceSettingsSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await setProgramAttendanceSettings(caller, params.id, body) }),
});
