import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileStreamResponse } from '~/lib/server/http/file-download';
import { openSubmissionFile } from '~/lib/server/services/assignments/submission-files';
import { AssignmentParamsSchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/download/{id}/',
  summary: 'A submitted file, always as a download under a safe name (never shown inline), only to the student who sent it and to the staff who grade them',
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  success: { status: 200, description: 'The file (Content-Disposition: attachment)', schema: z.string().meta({ format: 'binary' }), contentType: 'application/octet-stream' },
  errors: ['not_found'],
  handle: async ({ caller, params }) => fileStreamResponse(await openSubmissionFile(caller, params.id)),
});
