import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { ensurePaypalOrder } from '~/lib/server/services/payments/create-payment';
import { PaypalCreateOrderBodySchema } from '~/lib/shared/schemas/payments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/payments/paypal/create-order/',
  summary:
    "PayPal's create-order for a pending PayPal payment (POST /api/payment with provider paypal creates it already; this answers it, or creates it when that failed), with PayPal-Request-Id so a repeat never makes a second order. The buyer only",
  tags: ['payments'],
  access: 'user',
  body: PaypalCreateOrderBodySchema,
  success: { status: 200, description: "PayPal's order and where the buyer approves it", schema: z.object({ id: z.string(), approveUrl: z.string() }).meta({ id: 'PaypalOrder' }) },
  errors: ['not_found', 'forbidden', 'registration_not_payable', 'payment_provider_unavailable'],
  handle: async ({ caller, body }) => {
    const payment = await ensurePaypalOrder(caller, body.paymentId);
    return { body: { id: payment.providerOrderId!, approveUrl: payment.checkoutUrl! } };
  },
});
