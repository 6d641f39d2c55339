import { defineEndpoint } from '~/lib/server/http/endpoint';
import { updateDiscountCode } from '~/lib/server/services/registrations/discount-codes';
import { DiscountCodeSchema, UpdateDiscountCodeBodySchema } from '~/lib/shared/schemas/registrations';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/discount-codes/{id}/',
  summary: "Change a discount code's limit of uses, dates or status (its code, kind and value stay: payments were priced with them). Platform admins",
  tags: ['registrations'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateDiscountCodeBodySchema,
  success: { status: 200, description: 'The code as changed', schema: DiscountCodeSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateDiscountCode(caller, params.id, body) }),
});
