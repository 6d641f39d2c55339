import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getAccountDetail, updateAccount } from '~/lib/server/services/people/accounts';
import { AccountDetailSchema, AccountSchema, UpdateAccountBodySchema } from '~/lib/shared/schemas/people';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/users/{id}/',
  summary: 'One account: type, status, invitation, cohorts, deletion request, and who read or changed its personal data (Ley 1581). Platform admins',
  tags: ['users'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The account', schema: AccountDetailSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getAccountDetail(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/users/{id}/',
  summary:
    "Change an account's `userType`, `status` or e-mail `language`. INACTIVE revokes every sign-in at once: the person's pages and API calls stop working on every server. Platform admins, never on their own type or status (403 forbidden_own_account)",
  tags: ['users'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateAccountBodySchema,
  success: { status: 200, description: 'The account as changed', schema: AccountSchema },
  errors: ['forbidden', 'forbidden_own_account', 'not_found', 'account_anonymized'],
  handle: async ({ caller, params, body }) => ({ body: await updateAccount(caller, params.id, body) }),
});
