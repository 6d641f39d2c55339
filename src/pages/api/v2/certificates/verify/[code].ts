import { AppError } from '~/lib/shared/errors';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { verifyCertificateCode } from '~/lib/server/services/certificates/verify-certificate';
import { CertificateVerificationSchema, VerifyCertificateParamsSchema } from '~/lib/shared/schemas/certificates';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/certificates/verify/{code}/',
  summary: 'Public verification of a certificate by its code, no sign-in: what the /verify page shows (no name for an anonymised holder), and the signed facts to check offline',
  tags: ['certificates'],
  access: 'public',
  params: VerifyCertificateParamsSchema,
  success: { status: 200, description: 'What the code proves', schema: CertificateVerificationSchema },
  errors: ['not_found'],
  handle: async ({ params }) => {
    const verification = await verifyCertificateCode(params.code);
    if (!verification) throw new AppError('not_found');
    return { body: verification };
  },
});
