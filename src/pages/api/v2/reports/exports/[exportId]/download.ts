import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileStreamResponse } from '~/lib/server/http/file-download';
import { openReportExport } from '~/lib/server/services/reports/report-exports';
import { ReportExportParamsSchema } from '~/lib/shared/schemas/reports';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/reports/exports/{exportId}/download/',
  summary: 'A report built in the background, once ready (409 export_not_ready before). Only whoever asked for it, while they still see its cohorts',
  tags: ['reports'],
  access: 'user',
  params: ReportExportParamsSchema,
  success: { status: 200, description: 'The file', schema: z.string().meta({ format: 'binary' }), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  errors: ['export_not_ready', 'forbidden', 'not_found'],
  handle: async ({ caller, params }) => fileStreamResponse(await openReportExport(caller, params.exportId)),
});
