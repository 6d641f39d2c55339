import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listBannersForUser } from '~/lib/server/services/banners';
import { BannerSchema } from '~/lib/shared/schemas/app-shell';
import { SessionBodySchema } from '~/lib/shared/schemas/common';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api-showBanner/',
  summary: "Banners of the caller's active cohorts, or the 8 defaults",
  tags: ['app-shell'],
  access: 'user',
  body: SessionBodySchema,
  success: { status: 200, description: 'Banners in display order', schema: z.array(BannerSchema) },
  errors: [],
  handle: async ({ body, caller }) => ({ body: await listBannersForUser(caller.id, body.idTrainingPath) }),
});
