import { defineEndpoint } from '~/lib/server/http/endpoint';
import { requestDataDeletion } from '~/lib/server/services/people/personal-data';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { DeletionRequestSchema } from '~/lib/shared/schemas/people';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/profiles/me/deletion-request/',
  summary: "Ask for the caller's personal data to be deleted (Ley 1581): platform admins see the request and anonymise the account, keeping progress and grades for the statistics. Asking again keeps the first date",
  tags: ['profiles'],
  access: 'user',
  body: SessionBodySchema,
  success: { status: 202, description: 'The request is recorded', schema: DeletionRequestSchema },
  errors: [],
  handle: async ({ caller }) => ({ status: 202, body: await requestDataDeletion(caller) }),
});
