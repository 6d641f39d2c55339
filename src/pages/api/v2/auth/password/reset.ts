import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { setPasswordWithLink } from '~/lib/server/services/people/recover-password';
import { ResetPasswordBodySchema } from '~/lib/shared/schemas/people';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/password/reset/',
  summary:
    "Set a password with the token of an invitation, recovery or sign-up link (`token`, `password`, `confirmPassword`). The link works once and until it expires; every session of the person ends, and a recovery sends a notice. A sign-up's link also verifies the e-mail: its registrations move on (free offers enrol at once; `registrationId` is the one to pay for)",
  tags: ['auth'],
  access: 'public',
  body: ResetPasswordBodySchema,
  success: { status: 200, description: 'Password set: sign in with it', schema: z.object({ email: z.string(), purpose: z.enum(['invitation', 'password_reset', 'registration']), registrationId: z.number().int().nullable() }).meta({ id: 'PasswordSet' }) },
  errors: ['account_link_invalid'],
  handle: async ({ body }) => ({ body: await setPasswordWithLink(body) }),
});
