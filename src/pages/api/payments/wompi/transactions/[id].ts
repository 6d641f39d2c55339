import { defineEndpoint } from '~/lib/server/http/endpoint';
import { lookupWompiTransaction } from '~/lib/server/services/payments/reconcile-payments';
import { PaymentSchema, TransactionParamsSchema } from '~/lib/shared/schemas/payments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/payments/wompi/transactions/{id}/',
  summary:
    "Look a Wompi transaction up (Wompi's GET /v1/transactions/{id}) and apply its state to the payment of its reference (enrolling when APPROVED for the priced amount). Answers the payment. The buyer or a platform admin; 404 when Wompi or we do not know it",
  tags: ['payments'],
  access: 'user',
  params: TransactionParamsSchema,
  success: { status: 200, description: 'The payment after the lookup', schema: PaymentSchema },
  errors: ['not_found', 'payment_provider_unavailable'],
  handle: async ({ caller, params }) => ({ body: await lookupWompiTransaction(caller, params.id) }),
});
