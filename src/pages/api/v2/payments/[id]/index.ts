import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { canManageRegistrations } from '~/lib/server/access/permissions';
import { getPayment, getPaymentDetail } from '~/lib/server/services/payments/payment-views';
import { PaymentDetailSchema, PaymentSchema } from '~/lib/shared/schemas/payments';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/payments/{id}/',
  summary: 'One payment: its buyer sees it; platform admins see it with the buyer, the offer, the provider ids and every event the providers sent. 404 for anyone else',
  tags: ['payments'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The payment', schema: z.union([PaymentDetailSchema, PaymentSchema]) },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: canManageRegistrations(caller) ? await getPaymentDetail(caller, params.id) : await getPayment(caller, params.id) }),
});
