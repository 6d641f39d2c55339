import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createForum, listForums } from '~/lib/server/services/forums/forums';
import { CreateForumBodySchema, ForumSchema, ForumsQuerySchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/forums/',
  summary: "The forums the caller reads: their cohorts' and their programs' (`?program=`, `?cohort=` for one), with thread counts and last activity",
  tags: ['forums'],
  access: 'user',
  query: ForumsQuerySchema,
  success: { status: 200, description: 'Forums, most recently active first', schema: z.array(ForumSchema) },
  errors: ['not_found'],
  handle: async ({ caller, query }) => ({ body: await listForums(caller, query) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/forums/',
  summary: "Creates a forum in a cohort (its tutors and cohort admins) or a program (platform admins): `cohort` or `program`, title, description",
  tags: ['forums'],
  access: 'user',
  body: CreateForumBodySchema,
  success: { status: 201, description: 'The forum', schema: ForumSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createForum(caller, body) }),
});
