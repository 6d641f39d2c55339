import { defineEndpoint } from '~/lib/server/http/endpoint';
import { revokeCertificate } from '~/lib/server/services/certificates/revoke-certificate';
import { CertificateParamsSchema, CertificateSchema, RevokeCertificateBodySchema } from '~/lib/shared/schemas/certificates';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/certificates/{id}/revoke/',
  summary: 'Revoke a certificate, saying why: it stays, and its public verification shows it revoked. The cohort\'s admins and platform admins',
  tags: ['certificates'],
  access: 'user',
  params: CertificateParamsSchema,
  body: RevokeCertificateBodySchema,
  success: { status: 200, description: 'The revoked certificate', schema: CertificateSchema },
  errors: ['certificate_already_revoked', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await revokeCertificate(caller, params.id, body) }),
});
