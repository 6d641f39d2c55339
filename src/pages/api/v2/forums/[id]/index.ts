import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getForum, updateForum } from '~/lib/server/services/forums/forums';
import { ForumParamsSchema, ForumSchema, UpdateForumBodySchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/forums/{id}/',
  summary: 'One forum (its readers)',
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  success: { status: 200, description: 'The forum', schema: ForumSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getForum(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/forums/{id}/',
  summary: "Renames, describes, archives (`status: INACTIVE`) or restores a forum (whoever may create it there)",
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  body: UpdateForumBodySchema,
  success: { status: 200, description: 'The forum', schema: ForumSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateForum(caller, params.id, body) }),
});
