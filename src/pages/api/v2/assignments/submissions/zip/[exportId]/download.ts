import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileStreamResponse } from '~/lib/server/http/file-download';
import { openZipExport } from '~/lib/server/services/assignments/submission-zip';
import { ExportParamsSchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/submissions/zip/{exportId}/download/',
  summary: 'A zip built in the background, once ready (409 export_not_ready before). Only whoever asked for it',
  tags: ['assignments'],
  access: 'user',
  params: ExportParamsSchema,
  success: { status: 200, description: 'The zip', schema: z.string().meta({ format: 'binary' }), contentType: 'application/zip' },
  errors: ['export_not_ready', 'forbidden', 'not_found'],
  handle: async ({ caller, params }) => fileStreamResponse(await openZipExport(caller, params.exportId)),
});
