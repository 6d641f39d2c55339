/** Schemas of payments: creating one, what it looks like, the admin list and its filters. */
import { z } from 'zod';
import { IdSchema, SessionBodySchema, textSchema } from './common';
import { DiscountCodeTextSchema } from './registrations';

export const PAYMENT_PROVIDERS = ['sandbox', 'wompi', 'paypal', 'free'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** The providers a buyer chooses between (`free` is what a 100 % discount becomes). */
export const CHECKOUT_PROVIDERS = ['sandbox', 'wompi', 'paypal'] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];
export const PAYMENT_STATUSES = ['pending', 'approved', 'enrolled', 'declined', 'voided', 'refunded', 'expired', 'error'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_ATTENTION = ['refunded', 'voided', 'amount_mismatch', 'no_seat', 'duplicate'] as const;
export type PaymentAttention = (typeof PAYMENT_ATTENTION)[number];

/** Pay for one's registration: the server prices it (the client never sends an amount). */
export const CreatePaymentBodySchema = SessionBodySchema.extend({
  registrationId: IdSchema,
  provider: z.enum(CHECKOUT_PROVIDERS, { message: 'validation.payment.provider' }),
  discountCode: z.preprocess((value) => (value === '' ? undefined : value), DiscountCodeTextSchema.optional()),
}).meta({ id: 'CreatePaymentBody' });
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

export const PaymentSchema = z
  .object({
    id: z.number().int(),
    registrationId: z.number().int(),
    offerId: z.number().int(),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** Ours: what the provider sends back. */
    reference: z.string(),
    /** Integer minor units of `currency` (COP cents, US cents). */
    amount: z.number().int(),
    currency: z.enum(['COP', 'USD']),
    /** The price before the discount. */
    listAmount: z.number().int(),
    discountCode: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES),
    /** Where the buyer goes to pay (null once there is nothing left to pay). */
    redirectUrl: z.string().nullable(),
    paymentMethod: z.string().nullable(),
    attention: z.enum(PAYMENT_ATTENTION).nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    approvedAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentEventSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  eventType: z.string(),
  providerStatus: z.string().nullable(),
  outcome: z.string(),
  receivedAt: z.string(),
});

export const PaymentDetailSchema = PaymentSchema.extend({
  person: z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  offerTitle: z.string(),
  providerOrderId: z.string().nullable(),
  providerTransactionId: z.string().nullable(),
  events: z.array(PaymentEventSchema),
}).meta({ id: 'PaymentDetail' });
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

const dateQuery = z.iso.date({ message: 'validation.date.invalid' });

/** The admin's filters (also the export's). */
export const PaymentFiltersSchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { message: 'validation.invalid_value' }).optional(),
  provider: z.enum(PAYMENT_PROVIDERS, { message: 'validation.invalid_value' }).optional(),
  offer: IdSchema.optional(),
  /** Created from / to this Bogotá day (`YYYY-MM-DD`, both included). */
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  /** Only payments that need an admin's eyes. */
  attention: z.enum(['true', 'false'], { message: 'validation.invalid_value' }).optional(),
  /** A reference, or part of the buyer's e-mail or name. */
  search: textSchema().trim().max(100, 'validation.length.max').optional(),
});
export type PaymentFilters = z.infer<typeof PaymentFiltersSchema>;

export const PaymentListQuerySchema = PaymentFiltersSchema.extend({
  page: z.coerce.number({ message: 'validation.invalid_value' }).int('validation.invalid_value').min(1, 'validation.number.min').max(100_000, 'validation.number.max').default(1),
});

export const PaymentExportQuerySchema = PaymentFiltersSchema.extend({
  export_format: z.enum(['xlsx', 'csv'], { message: 'validation.invalid_value' }).default('xlsx'),
});

export const PaypalCreateOrderBodySchema = SessionBodySchema.extend({ paymentId: IdSchema }).meta({ id: 'PaypalCreateOrderBody' });
export const PaypalCaptureBodySchema = SessionBodySchema.extend({
  orderId: textSchema('validation.required.orderId').trim().min(1, 'validation.required.orderId').max(64, 'validation.length.max').regex(/^[A-Za-z0-9-]+$/, 'validation.invalid_value'),
}).meta({ id: 'PaypalCaptureBody' });
export const TransactionParamsSchema = z.object({
  id: textSchema('validation.invalid_value').trim().min(1, 'validation.invalid_value').max(64, 'validation.invalid_value').regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid_value'),
});

export const PaymentListItemSchema = PaymentSchema.extend({
  person: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  offerTitle: z.string(),
}).meta({ id: 'PaymentListItem' });

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** Any JSON, its text checked like every text we take (no control characters), so a bad byte is a 400 naming its field. */
const JsonSchema: z.ZodType<Json> = z.lazy(() => z.union([textSchema(), z.number(), z.boolean(), z.null(), z.array(JsonSchema), z.record(z.string(), JsonSchema)]));

/** A provider's notification as received (Wompi's event or PayPal's webhook): checked by its signature, not its shape. */
export const NotificationBodySchema = z.record(z.string(), JsonSchema).meta({ id: 'PaymentNotification' });

/** What the notification endpoint answers a provider. */
export const NotificationAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() }).meta({ id: 'NotificationAnswer' });
