import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteCohortBanner, updateCohortBanner } from '~/lib/server/services/banners';
import { BannerParamsSchema, CohortBannerSchema, UpdateBannerBodySchema } from '~/lib/shared/schemas/banners';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/banners/{id}/',
  summary: "Change a banner's title or position (its cohort's tutors and cohort admins)",
  tags: ['banners'],
  access: 'user',
  params: BannerParamsSchema,
  body: UpdateBannerBodySchema,
  success: { status: 200, description: 'The banner', schema: CohortBannerSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await updateCohortBanner(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/banners/{id}/',
  summary: 'Remove a banner and its stored image (its cohort\'s tutors and cohort admins)',
  tags: ['banners'],
  access: 'user',
  params: BannerParamsSchema,
  success: { status: 204, description: 'Removed' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, caller }) => {
    await deleteCohortBanner(caller, params.id);
    return { status: 204 };
  },
});
