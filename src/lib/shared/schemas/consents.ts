import { z } from 'zod';

/**
 * Consents of Ley 1581 (ADR 030): what a person authorised Senda to do with
 * their data, each recorded with the version of the text they read, when,
 * and through which channel. `general` is the data-processing policy every
 * account accepts; `sensitive_data` lets the person form ask the sensitive
 * fields (population group); `funder_reports` lets a program's reports to
 * whoever funds it count the person in breakdowns and list them in annexes.
 */
export const CONSENT_PURPOSES = ['general', 'sensitive_data', 'funder_reports'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** The purposes a person may withdraw from their account page; withdrawing the general one is the account's deletion request. */
export const WITHDRAWABLE_CONSENT_PURPOSES = ['sensitive_data', 'funder_reports'] as const satisfies readonly ConsentPurpose[];
/** Where a consent was given: a visitor's sign-up, the account page, staff recording a signed form, a spreadsheet import. */
export const CONSENT_CHANNELS = ['sign_up', 'account', 'staff', 'import'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * The version of each purpose's text (i18n `consent.text.<purpose>`): change
 * the text, change its version, so every record says which words were read.
 */
export const CONSENT_TEXT_VERSIONS: Record<ConsentPurpose, string> = {
  general: '2026-11-28',
  sensitive_data: '2026-11-28',
  funder_reports: '2026-11-28',
};

const instant = z.string().meta({ format: 'date-time' });

/** A purpose's state for a person: its latest record (granted, maybe withdrawn since), or never asked. */
export const ConsentSchema = z
  .object({
    purpose: z.enum(CONSENT_PURPOSES),
    /** Whether the person's data may be used for the purpose now. */
    isGranted: z.boolean(),
    textVersion: z.string().nullable(),
    grantedAt: instant.nullable(),
    channel: z.enum(CONSENT_CHANNELS).nullable(),
    withdrawnAt: instant.nullable(),
    /** Whether the person may withdraw it from their account page. */
    isWithdrawable: z.boolean(),
  })
  .meta({ id: 'Consent' });
export type Consent = z.infer<typeof ConsentSchema>;

export const ConsentListSchema = z.object({ results: z.array(ConsentSchema) }).meta({ id: 'ConsentList' });

export const ConsentPurposeParamsSchema = z.object({ purpose: z.enum(CONSENT_PURPOSES, { message: 'validation.consent.purpose' }) });
