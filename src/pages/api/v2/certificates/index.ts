import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCertificates } from '~/lib/server/services/certificates/read-certificates';
import { CertificateListQuerySchema, CertificatePageSchema } from '~/lib/shared/schemas/certificates';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/certificates/',
  summary: "Certificates: with `cohort_id`, the cohort's (its tutors, cohort admins and platform admins; a student of it sees their own); without, the caller's own",
  tags: ['certificates'],
  access: 'user',
  query: CertificateListQuerySchema,
  success: { status: 200, description: 'A page of certificates, newest first', schema: CertificatePageSchema },
  errors: ['not_found'],
  handle: async ({ caller, query, request }) => ({ body: await listCertificates(caller, query, request.url) }),
});
