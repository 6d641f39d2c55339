import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createOffer, listOffers } from '~/lib/server/services/registrations/offers';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { CreateOfferBodySchema, OfferListQuerySchema, OfferSchema } from '~/lib/shared/schemas/registrations';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/offers/',
  summary:
    'Program offers open to sign-up (a cohort with seats, a sign-up window and a price in COP cents, 0 for free; `priceUsd` is what PayPal charges), soonest closing first, with the seats left. Anyone. `scope=all`: every offer, closed and archived ones too (platform admins)',
  tags: ['registrations'],
  access: 'public',
  query: OfferListQuerySchema,
  success: { status: 200, description: 'A page of offers', schema: pageSchemaOf(OfferSchema) },
  errors: ['forbidden'],
  handle: async ({ caller, query, request }) => ({ body: await listOffers(caller, query, request.url) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/offers/',
  summary: 'Open a cohort to public sign-up: its address (`slug`), seats, window, price in COP cents (0: free) and optional PayPal price in US cents. Platform admins',
  tags: ['registrations'],
  access: 'user',
  body: CreateOfferBodySchema,
  success: { status: 201, description: 'The offer', schema: OfferSchema },
  errors: ['forbidden', 'unknown_reference'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createOffer(caller, body) }),
});
