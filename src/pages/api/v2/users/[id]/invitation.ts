import { defineEndpoint } from '~/lib/server/http/endpoint';
import { resendInvitation } from '~/lib/server/services/people/accounts';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { AccountSchema } from '~/lib/shared/schemas/people';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/users/{id}/invitation/',
  summary: 'Invite again: queue a new invitation e-mail (the earlier link stops working when it goes out); only while the invitation is pending. Platform admins',
  tags: ['users'],
  access: 'user',
  params: IdParamsSchema,
  body: SessionBodySchema,
  success: { status: 202, description: 'The invitation is queued', schema: AccountSchema },
  errors: ['forbidden', 'not_found', 'account_anonymized'],
  handle: async ({ caller, params }) => ({ status: 202, body: await resendInvitation(caller, params.id) }),
});
