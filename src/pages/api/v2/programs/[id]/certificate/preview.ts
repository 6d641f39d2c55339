import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { previewCertificateDesign } from '~/lib/server/services/certificates/designs';
import { ProgramCertificateParamsSchema } from '~/lib/shared/schemas/certificates';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/certificate/preview/',
  summary: "A preview of a program's certificate as a PDF (a sample holder, an unsigned code). Platform admins",
  tags: ['certificates'],
  access: 'user',
  params: ProgramCertificateParamsSchema,
  success: { status: 200, description: 'The PDF', schema: z.string().meta({ format: 'binary' }), contentType: 'application/pdf' },
  errors: ['certificate_design_missing', 'forbidden', 'not_found'],
  handle: async ({ caller, params, lang }) => fileDownloadResponse(await previewCertificateDesign(caller, params.id, lang)),
});
