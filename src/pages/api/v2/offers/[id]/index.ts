import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getOffer, updateOffer } from '~/lib/server/services/registrations/offers';
import { OfferSchema, UpdateOfferBodySchema } from '~/lib/shared/schemas/registrations';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/offers/{id}/',
  summary: 'One offer with its seats left and whether it is open. Anyone for ACTIVE offers; archived ones only for platform admins (404 for others)',
  tags: ['registrations'],
  access: 'public',
  params: IdParamsSchema,
  success: { status: 200, description: 'The offer', schema: OfferSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getOffer(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/offers/{id}/',
  summary: "Change an offer's address, text, seats, prices, window or status; people already signed up keep their seats and price. Platform admins",
  tags: ['registrations'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateOfferBodySchema,
  success: { status: 200, description: 'The offer as changed', schema: OfferSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateOffer(caller, params.id, body) }),
});
