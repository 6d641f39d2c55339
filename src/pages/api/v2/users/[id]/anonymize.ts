import { defineEndpoint } from '~/lib/server/http/endpoint';
import { anonymizeAccount } from '~/lib/server/services/people/personal-data';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { AccountSchema } from '~/lib/shared/schemas/people';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/users/{id}/anonymize/',
  summary:
    'Anonymise an account for good (Ley 1581): names, e-mail, profile, links, e-mails and sign-ins erased, account inactive; lesson progress, memberships and grades kept for the statistics. Platform admins, never their own account; logged',
  tags: ['users'],
  access: 'user',
  params: IdParamsSchema,
  body: SessionBodySchema,
  success: { status: 200, description: 'The anonymised account', schema: AccountSchema },
  errors: ['forbidden', 'forbidden_own_account', 'not_found', 'account_anonymized'],
  handle: async ({ caller, params }) => ({ body: await anonymizeAccount(caller, params.id) }),
});
