import { defineEndpoint } from '~/lib/server/http/endpoint';
import { reconcilePayment } from '~/lib/server/services/payments/reconcile-payments';
import { PaymentSchema } from '~/lib/shared/schemas/payments';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/payments/{id}/reconcile/',
  summary: "Check now: ask the payment's provider where it stands and apply the answer (the job does it for every pending payment every five minutes). The buyer or a platform admin; 502 when the provider cannot be asked now",
  tags: ['payments'],
  access: 'user',
  params: IdParamsSchema,
  body: SessionBodySchema,
  success: { status: 200, description: 'The payment as it stands', schema: PaymentSchema },
  errors: ['not_found', 'payment_provider_unavailable'],
  handle: async ({ caller, params }) => ({ body: await reconcilePayment(caller, params.id) }),
});
