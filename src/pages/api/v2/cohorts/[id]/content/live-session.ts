import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf, PageQuerySchema } from '~/lib/shared/pagination';
import { listLiveSessions } from '~/lib/server/services/live-sessions/live-sessions';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { LiveSessionSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/content/live-session/',
  summary: "All of a cohort's live sessions, newest first, by pages (its members)",
  tags: ['live-sessions', 'structure'],
  access: 'user',
  params: IdParamsSchema,
  query: PageQuerySchema,
  success: { status: 200, description: 'One page of sessions', schema: pageSchemaOf(LiveSessionSchema) },
  errors: ['not_found'],
  handle: async ({ caller, params, query, request }) => {
    const { results, count } = await listLiveSessions(caller, { list: 'all', cohort: params.id, page: query.page });
    return { body: toPage(results, count, query.page, request.url) };
  },
});
