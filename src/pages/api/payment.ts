import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createPayment } from '~/lib/server/services/payments/create-payment';
import { CreatePaymentBodySchema, PaymentSchema } from '~/lib/shared/schemas/payments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/payment',
  summary:
    "Pay for one's registration through `provider` (wompi: cards, PSE, Nequi in COP; paypal: in US dollars; sandbox: the built-in test provider, where enabled), with an optional `discountCode`. The server prices it (the client never sends an amount): `amount` in integer minor units of `currency`. Answers the pending payment and `redirectUrl`, where the buyer pays; a 100 % discount answers it enrolled, with no provider. Pressing twice answers the same payment. The person only (an admin: 403); 409 already_registered, already_paid, registration_not_payable (not verified yet, free, or paused), offer_full; 502 payment_provider_unavailable (nothing charged)",
  tags: ['payments'],
  access: 'user',
  body: CreatePaymentBodySchema,
  success: { status: 201, description: 'The payment', schema: PaymentSchema },
  errors: ['not_found', 'forbidden', 'already_registered', 'already_paid', 'registration_not_payable', 'offer_full', 'payment_provider_unavailable'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createPayment(caller, body) }),
});
