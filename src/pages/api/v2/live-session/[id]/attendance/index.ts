import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getSessionRoster, markAttendance } from '~/lib/server/services/attendance/roster';
import { MarkAttendanceBodySchema, MarkAttendanceResultSchema, RosterRowSchema } from '~/lib/shared/schemas/attendance';
import { LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/attendance/',
  summary: "A session's roster: every student of the cohort (and anyone else with a record) with their status, minutes, note, who marked it, when they joined and their excuse (its tutors, cohort admins and admins)",
  tags: ['live-sessions', 'attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  success: { status: 200, description: 'The roster', schema: z.array(RosterRowSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getSessionRoster(caller, params.id) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/live-session/{id}/attendance/',
  summary:
    "A roll call: `marks` set students' statuses (and notes) in bulk; idempotent (the same marks again change nothing; a mark's `markId` or older `markedAt` than the stored one is not applied twice), so an offline device replays safely. Changes after the session are audited with `reason`. Only students of the session's cohort; its tutors, cohort admins and admins",
  tags: ['live-sessions', 'attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  body: MarkAttendanceBodySchema,
  success: { status: 200, description: 'How many marks changed something, and the roster', schema: MarkAttendanceResultSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await markAttendance(caller, params.id, body) }),
});
