import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getReportExport } from '~/lib/server/services/reports/report-exports';
import { ReportExportParamsSchema, ReportExportSchema } from '~/lib/shared/schemas/reports';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/reports/exports/{exportId}/',
  summary: 'Where a report being built stands: queued, running (rows done of the total), ready (with its download URL, kept for a day) or failed. Only whoever asked for it',
  tags: ['reports'],
  access: 'user',
  params: ReportExportParamsSchema,
  success: { status: 200, description: 'The job', schema: ReportExportSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getReportExport(caller, params.exportId) }),
});
