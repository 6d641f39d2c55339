import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { listReports } from '~/lib/server/services/forums/reports';
import { ForumParamsSchema, ReportSchema, ReportsQuerySchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/forums/{id}/reports/',
  summary: "A forum's reports, newest first (its moderators): `?open=true` (default) or `false` for resolved ones",
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  query: ReportsQuerySchema,
  success: { status: 200, description: 'One page of reports', schema: pageSchemaOf(ReportSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, request }) => {
    const { results, count } = await listReports(caller, params.id, query.open === 'true', query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});
