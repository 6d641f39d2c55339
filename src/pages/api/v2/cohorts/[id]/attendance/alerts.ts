import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getAbsenceAlerts } from '~/lib/server/services/attendance/absence-alerts';
import { AbsenceAlertSchema } from '~/lib/shared/schemas/attendance';
import { IdParamsSchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/attendance/alerts/',
  summary: "The cohort's students absent from its program's N sessions in a row (`absenceAlertAfter`, 3 by default; excused sessions skipped), most absences first. Its tutors, cohort admins and admins",
  tags: ['attendance'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The alerts', schema: z.array(AbsenceAlertSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getAbsenceAlerts(caller, params.id) }),
});
