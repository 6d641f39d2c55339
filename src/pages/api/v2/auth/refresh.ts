import { defineEndpoint } from '~/lib/server/http/endpoint';
import { rotateRefreshToken } from '~/lib/server/services/auth/refresh';
import { RefreshBodySchema, TokenPairSchema } from '~/lib/shared/schemas/auth';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/refresh/',
  summary: 'Exchange a refresh token for a new pair (the old one stops working)',
  tags: ['auth'],
  access: 'public',
  body: RefreshBodySchema,
  success: { status: 200, description: 'New access and refresh tokens', schema: TokenPairSchema },
  errors: ['refresh_token_invalid', 'refresh_token_reused'],
  handle: async ({ body }) => {
    const { accessToken, refreshToken } = await rotateRefreshToken(body.refresh_token);
    return { body: { accessToken, refreshToken } };
  },
});
