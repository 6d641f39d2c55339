import { defineEndpoint } from '~/lib/server/http/endpoint';
import { grantMyConsent, withdrawMyConsent } from '~/lib/server/services/people/consents';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { ConsentListSchema, ConsentPurposeParamsSchema } from '~/lib/shared/schemas/consents';

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/profiles/me/consents/{purpose}/',
  summary: 'Grant a purpose (again) with the current text: recorded with its version, the time and the account channel. One in force is kept as it is',
  tags: ['profiles'],
  access: 'user',
  params: ConsentPurposeParamsSchema,
  body: SessionBodySchema,
  success: { status: 200, description: "The caller's consents", schema: ConsentListSchema },
  errors: [],
  handle: async ({ caller, params }) => ({ body: { results: await grantMyConsent(caller, params.purpose) } }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/profiles/me/consents/{purpose}/',
  summary:
    'Withdraw a purpose: from now on the data it covers is not used (withdrawing `sensitive_data` erases the sensitive fields; `funder_reports` takes the caller out of funder breakdowns and annexes). The `general` consent is withdrawn by asking for the deletion of the data (409). Nothing in force is not an error',
  tags: ['profiles'],
  access: 'user',
  params: ConsentPurposeParamsSchema,
  success: { status: 200, description: "The caller's consents", schema: ConsentListSchema },
  errors: ['consent_not_withdrawable'],
  handle: async ({ caller, params }) => ({ body: { results: await withdrawMyConsent(caller, params.purpose) } }),
});
