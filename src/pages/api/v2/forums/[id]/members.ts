import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { searchMentionable } from '~/lib/server/services/forums/forums';
import { ForumParamsSchema, MembersQuerySchema, PersonRefSchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/forums/{id}/members/',
  summary: 'People the caller may mention in a forum (members of its cohort, or of their own cohorts following its program) whose name contains `?search=`',
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  query: MembersQuerySchema,
  success: { status: 200, description: 'Up to 8 people', schema: z.array(PersonRefSchema) },
  errors: ['not_found'],
  handle: async ({ caller, params, query }) => ({ body: await searchMentionable(caller, params.id, query.search) }),
});
