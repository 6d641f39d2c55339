import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listAttendanceAudit } from '~/lib/server/services/attendance/audit';
import { AttendanceAuditEntrySchema } from '~/lib/shared/schemas/attendance';
import { LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/attendance/audit/',
  summary: "Every change of the session's attendance after it ended: who, when, from what to what, why; newest first (its cohort admins and admins)",
  tags: ['attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  success: { status: 200, description: 'The audit', schema: z.array(AttendanceAuditEntrySchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await listAttendanceAudit(caller, params.id) }),
});
