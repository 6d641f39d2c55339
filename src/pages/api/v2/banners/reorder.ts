import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { reorderCohortBanners } from '~/lib/server/services/banners';
import { CohortBannerSchema, CohortQuerySchema, ReorderBannersBodySchema } from '~/lib/shared/schemas/banners';

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/banners/reorder/',
  summary: "Put a cohort's banners in a new order, all at once (its tutors and cohort admins)",
  tags: ['banners'],
  access: 'user',
  query: CohortQuerySchema,
  body: ReorderBannersBodySchema,
  success: { status: 200, description: 'The banners in their new order', schema: z.array(CohortBannerSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ query, body, caller }) => ({ body: await reorderCohortBanners(caller, query.cohort, body.order) }),
});
