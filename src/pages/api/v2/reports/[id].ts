import { defineEndpoint } from '~/lib/server/http/endpoint';
import { resolveReport } from '~/lib/server/services/forums/reports';
import { ReportParamsSchema, ResolveReportBodySchema } from '~/lib/shared/schemas/forums';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/reports/{id}/',
  summary: "Marks a report resolved, or open again (the forum's moderators)",
  tags: ['forums'],
  access: 'user',
  params: ReportParamsSchema,
  body: ResolveReportBodySchema,
  success: { status: 204, description: 'Done' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => {
    await resolveReport(caller, params.id, body.resolved);
    return { status: 204 };
  },
});
