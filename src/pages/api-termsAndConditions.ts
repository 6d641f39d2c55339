import { defineEndpoint } from '~/lib/server/http/endpoint';
import { acceptTerms } from '~/lib/server/services/users';
import { canAcceptTerms } from '~/lib/server/access/permissions';
import { AppError } from '~/lib/shared/errors';
import { TermsBodySchema, TermsResponseSchema } from '~/lib/shared/schemas/app-shell';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api-termsAndConditions/',
  summary: 'Accept the terms and conditions (status = 1); statusStudent becomes 1',
  tags: ['app-shell'],
  access: 'user',
  body: TermsBodySchema,
  success: { status: 200, description: 'Accepted', schema: TermsResponseSchema },
  errors: ['forbidden'],
  handle: async ({ body, caller }) => {
    if (!canAcceptTerms(caller, body.id)) throw new AppError('forbidden_other_user');
    return { body: await acceptTerms(body.id) };
  },
});
