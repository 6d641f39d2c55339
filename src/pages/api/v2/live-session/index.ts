import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { createLiveSession, listLiveSessions } from '~/lib/server/services/live-sessions/live-sessions';
import { CreateLiveSessionBodySchema, LiveSessionSchema, LiveSessionsQuerySchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/',
  summary: "Live sessions not yet over of the caller's cohorts (`?cohort=` for one), soonest first: live ones, then upcoming. The meeting link only for staff (students join)",
  tags: ['live-sessions'],
  access: 'user',
  query: LiveSessionsQuerySchema,
  success: { status: 200, description: 'One page of sessions', schema: pageSchemaOf(LiveSessionSchema) },
  errors: ['not_found'],
  handle: async ({ caller, query, request }) => {
    const { results, count } = await listLiveSessions(caller, { list: 'upcoming', cohort: query.cohort, page: query.page });
    return { body: toPage(results, count, query.page, request.url) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/live-session/',
  summary:
    "Schedules a session in a cohort (its tutors and cohort admins): the live-video form (className, videoLink, duration {minutes, seconds}, startDate, endDate, wasLive), an optional description and recordingUrl, and `repeatWeeks` for a weekly series",
  tags: ['live-sessions'],
  access: 'user',
  body: CreateLiveSessionBodySchema,
  success: { status: 201, description: 'The (first) session', schema: LiveSessionSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createLiveSession(caller, body) }),
});
