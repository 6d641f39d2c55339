import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listForums } from '~/lib/server/services/forums/forums';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { ForumSchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/content/forums/',
  summary: "A cohort's own forums (its members)",
  tags: ['forums', 'structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Forums', schema: z.array(ForumSchema) },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await listForums(caller, { cohort: params.id }) }),
});
