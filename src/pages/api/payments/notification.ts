import { defineEndpoint } from '~/lib/server/http/endpoint';
import { receivePaymentNotification } from '~/lib/server/services/payments/receive-notification';
import { NotificationAnswerSchema, NotificationBodySchema } from '~/lib/shared/schemas/payments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/payments/notification/',
  summary:
    "Where the providers notify: Wompi's events (checksum over `signature.properties` + `timestamp` + the events secret, also in X-Event-Checksum, compared in constant time) and PayPal's webhooks (checked with PayPal's verify-webhook-signature from the PAYPAL-* headers). An unverifiable one is 400 notification_invalid, logged, and changes nothing. A verified one is applied once however often it comes, in any order (a refund before its capture ends refunded); answered 200 with what it did. 502 when PayPal cannot verify now (it retries)",
  tags: ['payments'],
  access: 'public',
  maintenance: 'exempt',
  body: NotificationBodySchema,
  success: { status: 200, description: 'Received', schema: NotificationAnswerSchema },
  errors: ['notification_invalid', 'payment_provider_unavailable'],
  handle: async ({ body, request, ip }) => ({ body: { received: true, outcome: await receivePaymentNotification(body, request.headers, ip) } }),
});
