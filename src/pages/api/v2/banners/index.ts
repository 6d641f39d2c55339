import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createCohortBanner, listCohortBanners } from '~/lib/server/services/banners';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_MAX_LABEL,
  CohortBannerSchema,
  CohortQuerySchema,
  CreateBannerBodySchema,
} from '~/lib/shared/schemas/banners';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/banners/',
  summary: "A cohort's banners in display order (its members)",
  tags: ['banners'],
  access: 'user',
  query: CohortQuerySchema,
  success: { status: 200, description: 'Banners in display order', schema: z.array(CohortBannerSchema) },
  errors: ['not_found'],
  handle: async ({ query, caller }) => ({ body: await listCohortBanners(caller, query.cohort) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/banners/',
  summary: 'Upload a banner image (PNG, JPEG or WebP, up to 2 MB) to a cohort (its tutors and cohort admins)',
  tags: ['banners'],
  access: 'user',
  body: CreateBannerBodySchema,
  upload: { maxFileBytes: BANNER_IMAGE_MAX_BYTES, maxFileLabel: BANNER_IMAGE_MAX_LABEL },
  success: { status: 201, description: 'The new banner, last in order', schema: CohortBannerSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ body, caller }) => ({ status: 201, body: await createCohortBanner(caller, body) }),
});
