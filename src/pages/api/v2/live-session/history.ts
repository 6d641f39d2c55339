import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { listLiveSessions } from '~/lib/server/services/live-sessions/live-sessions';
import { LiveSessionSchema, LiveSessionsQuerySchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/history/',
  summary: "Past live sessions of the caller's cohorts (`?cohort=` for one), newest first, with their recording links and whether the caller attended",
  tags: ['live-sessions'],
  access: 'user',
  query: LiveSessionsQuerySchema,
  success: { status: 200, description: 'One page of past sessions', schema: pageSchemaOf(LiveSessionSchema) },
  errors: ['not_found'],
  handle: async ({ caller, query, request }) => {
    const { results, count } = await listLiveSessions(caller, { list: 'history', cohort: query.cohort, page: query.page });
    return { body: toPage(results, count, query.page, request.url) };
  },
});
