import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listPayments } from '~/lib/server/services/payments/payment-views';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { PaymentListItemSchema, PaymentListQuerySchema } from '~/lib/shared/schemas/payments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/payments/',
  summary:
    "Payments, newest first: the caller's own; platform admins everyone's, filtered by `status`, `provider`, `offer`, `from`/`to` (Bogotá days), `attention=true` (refunds, voids, amount mismatches, no seat, duplicates) and `search` (reference, name or e-mail)",
  tags: ['payments'],
  access: 'user',
  query: PaymentListQuerySchema,
  success: { status: 200, description: 'A page of payments', schema: pageSchemaOf(PaymentListItemSchema) },
  errors: [],
  handle: async ({ caller, query, request }) => ({ body: await listPayments(caller, query, request.url) }),
});
