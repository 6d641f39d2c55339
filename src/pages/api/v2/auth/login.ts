import { defineEndpoint } from '~/lib/server/http/endpoint';
import { loginWithPassword } from '~/lib/server/services/auth/login';
import { LoginBodySchema, LoginResponseSchema } from '~/lib/shared/schemas/auth';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/login/',
  aliases: ['/api-login/'],
  summary: 'Sign in with email and password',
  tags: ['auth'],
  access: 'public',
  body: LoginBodySchema,
  success: { status: 200, description: 'Access token (JWT), refresh token and the user', schema: LoginResponseSchema },
  errors: ['invalid_credentials', 'account_inactive', 'rate_limited'],
  handle: async ({ body, ip }) => ({ body: await loginWithPassword({ ...body, ip }) }),
});
