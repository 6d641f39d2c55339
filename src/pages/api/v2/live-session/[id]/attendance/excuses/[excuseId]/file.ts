import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { getExcuseFile } from '~/lib/server/services/attendance/excuses';
import { ExcuseParamsSchema } from '~/lib/shared/schemas/attendance';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/attendance/excuses/{excuseId}/file/',
  summary: "An excuse's supporting file, as a download (its student and the session's staff)",
  tags: ['attendance'],
  access: 'user',
  params: ExcuseParamsSchema,
  success: { status: 200, description: 'The file bytes (Content-Disposition: attachment)', schema: z.string().meta({ format: 'binary' }), contentType: 'application/octet-stream' },
  errors: ['not_found'],
  handle: async ({ caller, params }) => fileDownloadResponse(await getExcuseFile(caller, params.id, params.excuseId)),
});
