import { defineEndpoint } from '~/lib/server/http/endpoint';
import { joinLiveSession } from '~/lib/server/services/live-sessions/attendance';
import { JoinAnswerSchema, LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';
import { SessionBodySchema } from '~/lib/shared/schemas/common';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/live-session/{id}/join/',
  summary: 'A student of the cohort joins: from 10 minutes before the start until the end, answers the meeting link and records attendance; outside that window, 409 and no link',
  tags: ['live-sessions'],
  access: 'user',
  params: LiveSessionParamsSchema,
  body: SessionBodySchema,
  success: { status: 200, description: 'The link', schema: JoinAnswerSchema },
  errors: ['forbidden', 'not_found', 'live_session_not_open'],
  handle: async ({ caller, params }) => ({ body: await joinLiveSession(caller, params.id) }),
});
