import { defineEndpoint } from '~/lib/server/http/endpoint';
import { revokeUserSessions } from '~/lib/server/services/auth/logout';
import { LogoutBodySchema } from '~/lib/shared/schemas/auth';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/logout/',
  summary: "Revoke the caller's refresh token (its whole family), or all of them when none is given",
  tags: ['auth'],
  access: 'user',
  maintenance: 'exempt',
  body: LogoutBodySchema,
  success: { status: 204, description: 'Signed out' },
  errors: ['refresh_token_invalid'],
  handle: async ({ body, caller }) => {
    await revokeUserSessions(caller.id, body.refresh_token);
    return { status: 204 };
  },
});
