import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createDiscountCode, listDiscountCodes } from '~/lib/server/services/registrations/discount-codes';
import { CreateDiscountCodeBodySchema, DiscountCodeSchema } from '~/lib/shared/schemas/registrations';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/offers/{id}/discount-codes/',
  summary: "An offer's discount codes and those valid for every offer, with their uses. Platform admins",
  tags: ['registrations'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The codes', schema: z.array(DiscountCodeSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await listDiscountCodes(caller, params.id) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/offers/{id}/discount-codes/',
  summary:
    'Create a discount code for the offer: `percent` (1–100; 100 enrols without a provider) or `fixed` (COP cents off), with an optional limit of uses and dates. Codes are unique and kept in capitals. Platform admins',
  tags: ['registrations'],
  access: 'user',
  params: IdParamsSchema,
  body: CreateDiscountCodeBodySchema,
  success: { status: 201, description: 'The code', schema: DiscountCodeSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await createDiscountCode(caller, params.id, body) }),
});
