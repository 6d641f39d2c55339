import { defineEndpoint } from '~/lib/server/http/endpoint';
import { capturePaypalPayment } from '~/lib/server/services/payments/reconcile-payments';
import { PaymentSchema, PaypalCaptureBodySchema } from '~/lib/shared/schemas/payments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/payments/paypal/capture/',
  summary:
    "Capture an approved PayPal order (`orderId`) with PayPal-Request-Id (a repeat answers the first capture, never a second charge); enrols when the capture is COMPLETED for the amount and currency the server priced. Answers the payment. The buyer or a platform admin",
  tags: ['payments'],
  access: 'user',
  body: PaypalCaptureBodySchema,
  success: { status: 200, description: 'The payment after the capture', schema: PaymentSchema },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ body: await capturePaypalPayment(caller, body.orderId) }),
});
