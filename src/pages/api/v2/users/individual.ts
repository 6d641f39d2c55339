import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createAccount } from '~/lib/server/services/people/accounts';
import { AccountSchema, CreateAccountBodySchema } from '~/lib/shared/schemas/people';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/users/individual/',
  summary:
    'Create one account (names, email, type, e-mail language, an optional partial person form in `profile`, optional cohorts with a role) with no password; an invitation e-mail with a single-use set-password link is queued unless `sendInvitation` is false. Platform admins',
  tags: ['users'],
  access: 'user',
  body: CreateAccountBodySchema,
  success: { status: 201, description: 'The account created', schema: AccountSchema },
  errors: ['forbidden', 'unknown_reference'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createAccount(caller, body) }),
});
