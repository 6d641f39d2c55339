import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getOpenBadge } from '~/lib/server/services/certificates/download-certificate';
import { CertificateParamsSchema, OpenBadgeSchema } from '~/lib/shared/schemas/certificates';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/certificates/{id}/badge/',
  summary: 'A certificate as an Open Badges 3.0 credential (W3C Verifiable Credential) and the same signed as a VC-JWT with the certificates\' Ed25519 key: its holder and its cohort\'s staff',
  tags: ['certificates'],
  access: 'user',
  params: CertificateParamsSchema,
  success: { status: 200, description: 'The credential and its VC-JWT', schema: OpenBadgeSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, lang }) => ({ body: await getOpenBadge(caller, params.id, lang) }),
});
