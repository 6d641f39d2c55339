/** Payments for registrations and what the providers told us about them (services/payments/, payments/). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { discountCodes, offers, registrations } from './registrations';
import { users } from './users';

export const PAYMENT_PROVIDERS = ['sandbox', 'wompi', 'paypal', 'free'] as const;
export const PAYMENT_STATUSES = ['pending', 'approved', 'enrolled', 'declined', 'voided', 'refunded', 'expired', 'error'] as const;
/** Why a payment needs an admin's eyes. */
export const PAYMENT_ATTENTION = ['refunded', 'voided', 'amount_mismatch', 'no_seat', 'duplicate'] as const;

/**
 * One attempt to pay for a registration, priced by the server. A state
 * machine: pending → approved → enrolled; or declined, voided, refunded,
 * expired (nothing from the provider in time), error (an amount that did not
 * match). `reference` is ours (what the provider sends back); the provider's
 * own transaction id (a Wompi transaction, a PayPal capture) is unique.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['COP', 'USD'] }).notNull(),
    /** The offer's price before the discount, in the payment's currency. */
    listAmountCents: bigint('list_amount_cents', { mode: 'number' }).notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** PayPal's order id (known when the order is created). */
    providerOrderId: text('provider_order_id'),
    /** The provider's transaction: Wompi's transaction id, PayPal's capture id, the sandbox's. */
    providerTransactionId: text('provider_transaction_id'),
    /** Where the buyer pays (the provider's checkout, or the sandbox page). */
    checkoutUrl: text('checkout_url'),
    /** Card, PSE, Nequi, PayPal… as the provider names it. */
    paymentMethod: text('payment_method'),
    attention: text('attention', { enum: PAYMENT_ATTENTION }),
    failureReason: text('failure_reason'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_reference_unique').on(t.reference),
    uniqueIndex('payments_provider_transaction_unique').on(t.provider, t.providerTransactionId),
    uniqueIndex('payments_provider_order_unique').on(t.provider, t.providerOrderId),
    index('payments_registration_idx').on(t.registrationId),
    index('payments_status_idx').on(t.status, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    index('payments_discount_idx').on(t.discountCodeId),
    check('payments_provider_check', sql`${t.provider} in ('sandbox', 'wompi', 'paypal', 'free')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'approved', 'enrolled', 'declined', 'voided', 'refunded', 'expired', 'error')`),
    check('payments_currency_check', sql`${t.currency} in ('COP', 'USD')`),
    check('payments_amount_check', sql`${t.amountCents} >= 0 and ${t.listAmountCents} >= ${t.amountCents}`),
  ],
);

/**
 * Every notification and lookup answer that reached a payment, as received:
 * the audit trail, and what makes a repeated notification a no-op (its key is
 * unique: PayPal's event id, Wompi's checksum).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** notification, return (the buyer came back), lookup (reconciliation), capture, admin. */
    source: text('source', { enum: ['notification', 'return', 'lookup', 'capture', 'admin'] }).notNull(),
    eventKey: text('event_key'),
    eventType: text('event_type').notNull(),
    /** The provider's state as reported (APPROVED, COMPLETED, DECLINED…). */
    providerStatus: text('provider_status'),
    /** What it did: applied, unchanged, ignored (out of order), amount_mismatch, unknown_payment. */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_key_unique').on(t.provider, t.eventKey),
    index('payment_events_payment_idx').on(t.paymentId, t.receivedAt),
  ],
);

/**
 * The built-in test provider's transactions (`PAYMENTS_SANDBOX`): what a real
 * provider would keep on its side, so the sandbox is looked up like one.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['APPROVED', 'DECLINED'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_transactions_reference_idx').on(t.reference)],
);
