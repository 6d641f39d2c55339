/** Public sign-up: program offers, registrations, discount codes and the CRM outbox (services/registrations/, services/crm/). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';
import { cohorts } from './structure';
import { users } from './users';

/**
 * A cohort open to public sign-up: its seats, the sign-up window and an
 * optional price. Amounts are integer minor units: COP cents (what Wompi
 * takes), and US cents for PayPal, which does not take pesos.
 */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id),
    /** The address of its public page (`/offers/{slug}`). */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    seats: integer('seats').notNull(),
    /** 0: free. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** The PayPal price (US cents); null: PayPal is not offered for it. */
    priceUsdCents: bigint('price_usd_cents', { mode: 'number' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_cohort_idx').on(t.cohortId),
    statusCheck('offers', t.status),
    check('offers_seats_check', sql`${t.seats} >= 0`),
    check('offers_price_check', sql`${t.priceCents} >= 0 and (${t.priceUsdCents} is null or ${t.priceUsdCents} > 0)`),
    check('offers_window_check', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

export const REGISTRATION_STATUSES = ['pending_verification', 'pending_payment', 'enrolled', 'paused', 'expired', 'cancelled'] as const;

/**
 * One person's sign-up to one offer. It holds a seat while it waits for the
 * e-mail to be verified or the payment to arrive (until `holdExpiresAt`), and
 * for good once enrolled. `paused`: a refund or void took the enrolment back.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** When the person accepted the privacy notice (Ley 1581), the CRM delivery included. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('registrations_offer_user_unique').on(t.offerId, t.userId),
    index('registrations_offer_status_idx').on(t.offerId, t.status),
    index('registrations_user_idx').on(t.userId),
    check('registrations_status_check', sql`${t.status} in ('pending_verification', 'pending_payment', 'enrolled', 'paused', 'expired', 'cancelled')`),
  ],
);

/** A code that lowers an offer's price (or any offer's, with no offer): a percentage or a fixed amount, limited in uses and dates. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    /** Stored in capitals; people type it in any case. */
    code: text('code').notNull(),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent (1–100), or COP cents off. */
    value: bigint('value', { mode: 'number' }).notNull(),
    /** null: unlimited. */
    maxUses: integer('max_uses'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    statusCheck('discount_codes', t.status),
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('discount_codes_value_check', sql`${t.value} > 0 and (${t.kind} = 'fixed' or ${t.value} <= 100)`),
    check('discount_codes_code_check', sql`${t.code} = upper(${t.code})`),
  ],
);

export const CRM_DELIVERY_STATUSES = ['pending', 'sending', 'retrying', 'delivered', 'failed', 'skipped'] as const;

/**
 * The CRM outbox: a registration's submission to the CRM forms service,
 * written in the registration's own transaction and delivered by the job
 * engine (`crm.deliver`) with retries and backoff.
 */
export const crmDeliveries = pgTable(
  'crm_deliveries',
  {
    id: id(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** The HubSpot Forms v3 body, as it will be sent. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: CRM_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_deliveries_registration_unique').on(t.registrationId),
    index('crm_deliveries_status_idx').on(t.status, t.createdAt),
    check('crm_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'retrying', 'delivered', 'failed', 'skipped')`),
  ],
);
