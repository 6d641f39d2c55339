import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listForums } from '~/lib/server/services/forums/forums';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { ForumSchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/forums/',
  summary: "A program's forums, shared by all its cohorts (readers of the program)",
  tags: ['forums', 'programs'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Forums', schema: z.array(ForumSchema) },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await listForums(caller, { program: params.id }) }),
});
