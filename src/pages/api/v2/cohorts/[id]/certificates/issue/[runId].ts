import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getBulkIssueRun } from '~/lib/server/services/certificates/bulk-issue';
import { CertificateRunParamsSchema, CertificateRunSchema } from '~/lib/shared/schemas/certificates';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/certificates/issue/{runId}/',
  summary: "A bulk issue's progress: students done of the total, certificates created, and why it failed if it did. The cohort's admins and platform admins",
  tags: ['certificates'],
  access: 'user',
  params: CertificateRunParamsSchema,
  success: { status: 200, description: 'The run', schema: CertificateRunSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getBulkIssueRun(caller, params.id, params.runId) }),
});
