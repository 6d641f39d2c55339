/** Schemas of public sign-up: program offers, registrations, discount codes and CRM deliveries. */
import { z } from 'zod';
import { LANGUAGES, RECORD_STATUSES } from '~/lib/shared/constants';
import { IdSchema, SessionBodySchema, textSchema } from './common';
import { always, checkPersonForm, personFormShape } from './person';

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
/** Seats of one offer, and a price's ceiling (COP 1,000 million, in cents). */
const SEATS_MAX = 100_000;
const PRICE_MAX_CENTS = 100_000_000_000;
const SEARCH_MAX = 100;

export const REGISTRATION_STATUSES = ['pending_verification', 'pending_payment', 'enrolled', 'paused', 'expired', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const CRM_DELIVERY_STATUSES = ['pending', 'sending', 'retrying', 'delivered', 'failed', 'skipped'] as const;
export type CrmDeliveryStatus = (typeof CRM_DELIVERY_STATUSES)[number];

const dateTime = z.iso.datetime({ offset: true, message: 'validation.date.invalid' });
const cents = (max = PRICE_MAX_CENTS) => z.number({ message: 'validation.numeric' }).int('validation.numeric').min(0, 'validation.number.min').max(max, 'validation.number.max');
/** An offer's address: lowercase letters, digits and dashes (`desarrollo-web-2027`). */
const SlugSchema = textSchema('validation.required.slug')
  .trim()
  .min(3, 'validation.length.min')
  .max(80, 'validation.length.max')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.slug.invalid');
/** A discount code as people type it: letters, digits, dashes; kept in capitals. */
export const DiscountCodeTextSchema = textSchema('validation.required.discountCode')
  .trim()
  .min(3, 'validation.length.min')
  .max(40, 'validation.length.max')
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.discountCode.invalid')
  .transform((code) => code.toUpperCase());

// ── Offers ────────────────────────────────────────────────────────────────

export const OfferSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    cohortId: z.number().int(),
    cohortName: z.string(),
    programName: z.string().nullable(),
    /** The cohort's dates (`YYYY-MM-DD`). */
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
    seats: z.number().int(),
    /** Seats not yet taken or held by a sign-up in progress. */
    seatsLeft: z.number().int(),
    /** COP cents; 0 is free. */
    price: z.number().int(),
    currency: z.literal('COP'),
    /** US cents, what PayPal charges; null: PayPal is not offered. */
    priceUsd: z.number().int().nullable(),
    opensAt: z.string(),
    closesAt: z.string(),
    status: z.enum(RECORD_STATUSES),
    /** ACTIVE, inside its sign-up window, with seats left. */
    isOpen: z.boolean(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

const offerFields = {
  cohortId: IdSchema,
  slug: SlugSchema,
  title: textSchema('validation.required.title').trim().min(1, 'validation.required.title').max(TITLE_MAX, 'validation.length.max'),
  description: textSchema().trim().max(DESCRIPTION_MAX, 'validation.length.max').default(''),
  seats: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(0, 'validation.number.min').max(SEATS_MAX, 'validation.number.max'),
  price: cents(),
  priceUsd: cents().refine((value) => value > 0, 'validation.number.min').nullable().default(null),
  opensAt: dateTime,
  closesAt: dateTime,
  status: z.enum(RECORD_STATUSES, { message: 'validation.status.invalid' }).default('ACTIVE'),
};
const windowInOrder = (value: { opensAt?: string; closesAt?: string }) => !value.opensAt || !value.closesAt || new Date(value.closesAt) > new Date(value.opensAt);
const WINDOW_ORDER = { message: 'validation.date.endBeforeStart', path: ['closesAt'] };

export const CreateOfferBodySchema = SessionBodySchema.extend(offerFields).refine(windowInOrder, WINDOW_ORDER).meta({ id: 'CreateOfferBody' });
export type CreateOfferBody = z.infer<typeof CreateOfferBodySchema>;

export const UpdateOfferBodySchema = SessionBodySchema.extend({
  slug: offerFields.slug.optional(),
  title: offerFields.title.optional(),
  description: textSchema().trim().max(DESCRIPTION_MAX, 'validation.length.max').optional(),
  seats: offerFields.seats.optional(),
  price: offerFields.price.optional(),
  priceUsd: cents().refine((value) => value > 0, 'validation.number.min').nullable().optional(),
  opensAt: dateTime.optional(),
  closesAt: dateTime.optional(),
  status: z.enum(RECORD_STATUSES, { message: 'validation.status.invalid' }).optional(),
})
  .refine(windowInOrder, WINDOW_ORDER)
  .meta({ id: 'UpdateOfferBody' });
export type UpdateOfferBody = z.infer<typeof UpdateOfferBodySchema>;

export const OfferListQuerySchema = z.object({
  page: z.coerce.number({ message: 'validation.invalid_value' }).int('validation.invalid_value').min(1, 'validation.number.min').max(100_000, 'validation.number.max').default(1),
  /** Admins: `all` lists closed and archived offers too. */
  scope: z.enum(['open', 'all'], { message: 'validation.invalid_value' }).default('open'),
});

// ── Registrations ─────────────────────────────────────────────────────────

const consent = z.literal(true, { message: 'validation.consent.required' });

/** A visitor signs up: the whole person form, the privacy consent, and the language of their e-mails. */
export const RegisterBodySchema = z
  .object({
    ...personFormShape,
    offerId: IdSchema,
    consent,
    /** The optional consent to be counted in, and listed for, reports to the program's funders (ADR 030). */
    funderReportsConsent: z.boolean({ message: 'validation.invalid_value' }).optional(),
    language: z.enum(LANGUAGES, { message: 'validation.invalid_value' }).optional(),
  })
  .superRefine(checkPersonForm, always)
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** A signed-in person signs up for an offer with the account they have. */
export const RegisterSelfBodySchema = SessionBodySchema.extend({ consent }).meta({ id: 'RegisterSelfBody' });

/** What a visitor's sign-up answers: the same for every address (whether it has an account or not), nothing beyond where the e-mail went. */
export const RegisteredSchema = z
  .object({ status: z.literal('pending_verification'), email: z.string(), verificationSent: z.literal(true) })
  .meta({ id: 'Registered' });

export const RegistrationPaymentSummarySchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const CrmDeliverySummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(CRM_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

export const RegistrationSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(REGISTRATION_STATUSES),
    offer: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), cohortId: z.number().int(), price: z.number().int(), priceUsd: z.number().int().nullable() }),
    person: z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }),
    holdExpiresAt: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    enrolledAt: z.string().nullable(),
    createdAt: z.string(),
    /** The newest payment, if any. */
    payment: RegistrationPaymentSummarySchema.nullable(),
    /** Platform admins only: the CRM delivery's state. */
    crm: CrmDeliverySummarySchema.nullable().optional(),
  })
  .meta({ id: 'Registration' });
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegistrationListQuerySchema = OfferListQuerySchema.pick({ page: true }).extend({
  offer: IdSchema.optional(),
  status: z.enum(REGISTRATION_STATUSES, { message: 'validation.invalid_value' }).optional(),
  crm: z.enum(CRM_DELIVERY_STATUSES, { message: 'validation.invalid_value' }).optional(),
  search: textSchema().trim().max(SEARCH_MAX, 'validation.length.max').optional(),
});
export type RegistrationListQuery = z.infer<typeof RegistrationListQuerySchema>;

// ── Discount codes ────────────────────────────────────────────────────────

export const DiscountCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    offerId: z.number().int().nullable(),
    kind: z.enum(['percent', 'fixed']),
    /** Percent (1–100), or COP cents off. */
    value: z.number().int(),
    maxUses: z.number().int().nullable(),
    /** Payments that used it and went through, or are still in progress. */
    uses: z.number().int(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    status: z.enum(RECORD_STATUSES),
  })
  .meta({ id: 'DiscountCode' });
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

const discountFields = {
  code: DiscountCodeTextSchema,
  kind: z.enum(['percent', 'fixed'], { message: 'validation.invalid_value' }),
  value: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(1, 'validation.number.min').max(PRICE_MAX_CENTS, 'validation.number.max'),
  maxUses: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(1, 'validation.number.min').max(1_000_000, 'validation.number.max').nullable().default(null),
  startsAt: dateTime.nullable().default(null),
  endsAt: dateTime.nullable().default(null),
  status: z.enum(RECORD_STATUSES, { message: 'validation.status.invalid' }).default('ACTIVE'),
  /** The code works for every offer, not only this one. */
  forEveryOffer: z.boolean({ message: 'validation.invalid_value' }).default(false),
};
const percentInRange = (value: { kind?: string; value?: number }) => value.kind !== 'percent' || value.value === undefined || value.value <= 100;
const PERCENT_RANGE = { message: 'validation.discountCode.percent', path: ['value'] };
const codeWindowInOrder = (value: { startsAt?: string | null; endsAt?: string | null }) => !value.startsAt || !value.endsAt || new Date(value.endsAt) > new Date(value.startsAt);
const CODE_WINDOW_ORDER = { message: 'validation.date.endBeforeStart', path: ['endsAt'] };

export const CreateDiscountCodeBodySchema = SessionBodySchema.extend(discountFields)
  .refine(percentInRange, PERCENT_RANGE)
  .refine(codeWindowInOrder, CODE_WINDOW_ORDER)
  .meta({ id: 'CreateDiscountCodeBody' });
export type CreateDiscountCodeBody = z.infer<typeof CreateDiscountCodeBodySchema>;

export const UpdateDiscountCodeBodySchema = SessionBodySchema.extend({
  // No default here: a change that leaves the limit out keeps it.
  maxUses: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(1, 'validation.number.min').max(1_000_000, 'validation.number.max').nullable().optional(),
  startsAt: dateTime.nullable().optional(),
  endsAt: dateTime.nullable().optional(),
  status: z.enum(RECORD_STATUSES, { message: 'validation.status.invalid' }).optional(),
})
  .refine(codeWindowInOrder, CODE_WINDOW_ORDER)
  .meta({ id: 'UpdateDiscountCodeBody' });
export type UpdateDiscountCodeBody = z.infer<typeof UpdateDiscountCodeBodySchema>;

// ── CRM deliveries ────────────────────────────────────────────────────────

export const CrmDeliveryListQuerySchema = OfferListQuerySchema.pick({ page: true }).extend({
  status: z.enum(CRM_DELIVERY_STATUSES, { message: 'validation.invalid_value' }).optional(),
  search: textSchema().trim().max(SEARCH_MAX, 'validation.length.max').optional(),
});

export const CrmDeliverySchema = CrmDeliverySummarySchema.extend({
  registrationId: z.number().int(),
  email: z.string(),
  offerTitle: z.string(),
  createdAt: z.string(),
}).meta({ id: 'CrmDelivery' });
export type CrmDelivery = z.infer<typeof CrmDeliverySchema>;
