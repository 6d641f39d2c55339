/** People: the person form (profiles), single-use account links, and the Ley 1581 access log (services/people/). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * The person form of the contract (§3), one row per user. Every column may be
 * empty: an admin or an import may know only part of it; the person completes
 * it on their account page, where the whole form is required.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    contact: text('contact'),
    genre: text('genre'),
    /** DANE (DIVIPOLA) municipality code, five digits; its first two are the department. */
    municipality: text('municipality'),
    neighborhood: text('neighborhood'),
    address: text('address'),
    stratum: smallint('stratum'),
    housingType: text('housing_type'),
    childrenCount: integer('children_count'),
    householdSize: integer('household_size'),
    dependentsCount: integer('dependents_count'),
    populationGroup: text('population_group'),
    englishLevel: text('english_level'),
    transportMode: text('transport_mode'),
    emergencyName: text('emergency_name'),
    emergencyPhone: text('emergency_phone'),
    emergencyRelationship: text('emergency_relationship'),
    employmentType: text('employment_type'),
    worksInIndustry: boolean('works_in_industry'),
    role: text('role'),
    /** Birth date (a calendar day): minors are recognised by it, reports count by age band (ADR 030). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** A minor's guardian (legal representative), who authorises their registration (Ley 1581, art. 7). */
    guardianName: text('guardian_name'),
    guardianDocumentType: text('guardian_document_type'),
    guardianDocumentNumber: text('guardian_document_number'),
    /** When the guardian's authorisation was recorded; null for adults. */
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    /**
     * Whether this profile holds its identity document against everyone else's. A visitor's sign-up does not until
     * its e-mail is verified (services/registrations/verify-sign-up.ts): an address nobody confirmed cannot reserve a
     * cédula, nor tell whether one is registered.
     */
    documentReserved: boolean('document_reserved').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One person per identity document, among the documents held.
    uniqueIndex('profiles_document_unique').on(t.documentType, t.documentNumber).where(sql`${t.documentReserved}`),
    check('profiles_stratum_check', sql`${t.stratum} between 1 and 6`),
  ],
);

/** Single-use, time-limited links (an invitation to set a first password, a password recovery, a sign-up's e-mail verification): only their SHA-256 is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invitation', 'password_reset', 'registration'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId), check('account_tokens_purpose_check', sql`${t.purpose} in ('invitation', 'password_reset', 'registration')`)],
);

/** Ley 1581: every time staff read, export, change or anonymise someone's personal data (who, when, whose). */
export const personalDataAccess = pgTable(
  'personal_data_access',
  {
    id: id(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: integer('subject_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['read', 'export', 'update', 'anonymize'] }).notNull(),
    at: createdAt(),
  },
  (t) => [index('personal_data_access_subject_idx').on(t.subjectId, t.at), check('personal_data_access_action_check', sql`${t.action} in ('read', 'export', 'update', 'anonymize')`)],
);

/**
 * Ley 1581 consents (ADR 030): one row per grant of a purpose, withdrawn by
 * setting `withdrawn_at`; a new grant is a new row, so the history of what
 * a person authorised, when and from which text stays. At most one row per
 * person and purpose is in force (not withdrawn).
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['general', 'sensitive_data', 'funder_reports'] }).notNull(),
    /** The version of the text the person read (CONSENT_TEXT_VERSIONS). */
    textVersion: text('text_version').notNull(),
    channel: text('channel', { enum: ['sign_up', 'account', 'staff', 'import'] }).notNull(),
    /** Staff who recorded it (channel staff or import); null when the person gave it themselves. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('consents_in_force_unique').on(t.userId, t.purpose).where(sql`${t.withdrawnAt} is null`),
    // A report joins the people of a purpose in force.
    index('consents_purpose_in_force_idx').on(t.purpose, t.userId).where(sql`${t.withdrawnAt} is null`),
    check('consents_purpose_check', sql`${t.purpose} in ('general', 'sensitive_data', 'funder_reports')`),
    check('consents_channel_check', sql`${t.channel} in ('sign_up', 'account', 'staff', 'import')`),
    check('consents_withdrawn_after_granted_check', sql`${t.withdrawnAt} is null or ${t.withdrawnAt} >= ${t.grantedAt}`),
  ],
);
