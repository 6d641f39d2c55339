import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteLiveSession, getLiveSession, updateLiveSession } from '~/lib/server/services/live-sessions/live-sessions';
import { DeleteLiveSessionQuerySchema, LiveSessionParamsSchema, LiveSessionSchema, UpdateLiveSessionBodySchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/',
  summary: 'One live session (members of its cohort)',
  tags: ['live-sessions'],
  access: 'user',
  params: LiveSessionParamsSchema,
  success: { status: 200, description: 'The session', schema: LiveSessionSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getLiveSession(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/live-session/{id}/',
  summary: "Changes a session, or adds its recording (`recordingUrl`; empty removes it). Its cohort's tutors and cohort admins",
  tags: ['live-sessions'],
  access: 'user',
  params: LiveSessionParamsSchema,
  body: UpdateLiveSessionBodySchema,
  success: { status: 200, description: 'The session', schema: LiveSessionSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateLiveSession(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/live-session/{id}/',
  summary: "Deletes a session (`?series=following`: and the later sessions of its weekly series). Its cohort's tutors and cohort admins",
  tags: ['live-sessions'],
  access: 'user',
  params: LiveSessionParamsSchema,
  query: DeleteLiveSessionQuerySchema,
  success: { status: 204, description: 'Deleted' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query }) => {
    await deleteLiveSession(caller, params.id, query.series === 'following');
    return { status: 204 };
  },
});
