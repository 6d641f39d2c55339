import { defineEndpoint } from '~/lib/server/http/endpoint';
import { readAccessToken } from '~/lib/server/http/caller';
import { sessionIdOfToken } from '~/lib/server/services/auth/tokens';
import { changeOwnPassword } from '~/lib/server/services/people/recover-password';
import { ChangePasswordBodySchema } from '~/lib/shared/schemas/people';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/password/change/',
  summary: "Change the caller's password (`currentPassword`, `password`, `confirmPassword`): their other sessions end, this one stays, and a notice goes to their e-mail. Wrong current passwords count as failed sign-ins",
  tags: ['auth'],
  access: 'user',
  body: ChangePasswordBodySchema,
  success: { status: 204, description: 'Password changed' },
  errors: ['rate_limited', 'not_found'],
  handle: async ({ caller, body, ip, request }) => {
    const token = readAccessToken(request);
    await changeOwnPassword(caller, body, { ip, keepSession: token ? sessionIdOfToken(token) : null });
    return { status: 204 };
  },
});
