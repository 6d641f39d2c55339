import { defineEndpoint } from '~/lib/server/http/endpoint';
import { setLike } from '~/lib/server/services/forums/likes';
import { LikeBodySchema, LikeStateSchema } from '~/lib/shared/schemas/forums';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/likes/',
  summary: 'Likes (`liked: true`) or unlikes a thread or comment: the state wanted, so sending it twice changes nothing; answers the exact count',
  tags: ['forums'],
  access: 'user',
  body: LikeBodySchema,
  success: { status: 200, description: 'The like and its count', schema: LikeStateSchema },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ body: await setLike(caller, body) }),
});
