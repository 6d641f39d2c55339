import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getZipExport } from '~/lib/server/services/assignments/submission-zip';
import { ExportParamsSchema, SubmissionExportSchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/submissions/zip/{exportId}/',
  summary: 'Where a zip being built stands: queued, running (files and bytes done of the total), ready (with its download URL, kept for a day) or failed. Only whoever asked for it',
  tags: ['assignments'],
  access: 'user',
  params: ExportParamsSchema,
  success: { status: 200, description: 'The job', schema: SubmissionExportSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getZipExport(caller, params.exportId) }),
});
