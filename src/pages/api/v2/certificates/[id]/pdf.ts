import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { getCertificatePdf } from '~/lib/server/services/certificates/download-certificate';
import { CertificateParamsSchema } from '~/lib/shared/schemas/certificates';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/certificates/{id}/pdf/',
  summary: 'A certificate as a PDF (drawn on demand, in the caller\'s language, with its QR and verification code): its holder and its cohort\'s staff',
  tags: ['certificates'],
  access: 'user',
  params: CertificateParamsSchema,
  success: { status: 200, description: 'The PDF (Content-Disposition: attachment)', schema: z.string().meta({ format: 'binary' }), contentType: 'application/pdf' },
  errors: ['not_found'],
  handle: async ({ caller, params, lang }) => fileDownloadResponse(await getCertificatePdf(caller, params.id, lang)),
});
