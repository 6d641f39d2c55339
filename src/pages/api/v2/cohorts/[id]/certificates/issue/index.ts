import { defineEndpoint } from '~/lib/server/http/endpoint';
import { requestBulkIssue } from '~/lib/server/services/certificates/bulk-issue';
import { CertificateRunSchema, CohortCertificatesParamsSchema } from '~/lib/shared/schemas/certificates';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/{id}/certificates/issue/',
  summary: "Issue the cohort's certificates to every student whose approval holds, in the background (follow the run's progress). The cohort's admins and platform admins",
  tags: ['certificates'],
  access: 'user',
  params: CohortCertificatesParamsSchema,
  success: { status: 202, description: 'The run, queued', schema: CertificateRunSchema },
  errors: ['certificate_design_missing', 'forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ status: 202, body: await requestBulkIssue(caller, params.id) }),
});
