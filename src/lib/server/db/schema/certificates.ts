/** Certificates: a program's design, the signing keys and the certificates issued (services/certificates/). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { programs } from './content';
import { cohorts } from './structure';
import { users } from './users';

/** One signer as a design holds it: the signature is a stored image's key (ADR 005). */
export interface CertificateSigner {
  name: string;
  role: string;
  signatureKey: string | null;
}

/** A program's certificate: its title, hours, signers, logo and background, and whether it is issued automatically. */
export const certificateDesigns = pgTable('certificate_designs', {
  id: id(),
  programId: integer('program_id')
    .notNull()
    .unique()
    .references(() => programs.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  hours: numeric('hours', { precision: 6, scale: 1, mode: 'number' }).notNull(),
  signers: jsonb('signers').$type<CertificateSigner[]>().notNull().default([]),
  logoKey: text('logo_key'),
  backgroundKey: text('background_key'),
  /** Issue the moment a student's approval holds (else only an admin's bulk issue). */
  autoIssue: boolean('auto_issue').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The Ed25519 keys that sign certificates, kept in the database so every app
 * server signs with the same one. The newest unretired key signs; retired keys
 * stay published so what they signed still verifies.
 */
export const certificateKeys = pgTable('certificate_keys', {
  /** The key id (`kid`): the public key's JWK thumbprint. */
  id: text('id').primaryKey(),
  /** The public key as a JWK's `x` (base64url). */
  publicKey: text('public_key').notNull(),
  /** PKCS#8 PEM. */
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;

/**
 * A certificate issued to a student of a cohort. Its facts (program, title,
 * hours, signers, date) are copied at issue time and signed; the holder's name
 * is read from their account, so anonymising them removes it everywhere.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    /** The public verification code (80 random bits, Crockford base32, grouped). */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    programName: text('program_name').notNull(),
    /** Who issues it: the cohort's organization (the badge's issuer, LinkedIn's organization). */
    issuerName: text('issuer_name').notNull(),
    title: text('title').notNull(),
    hours: numeric('hours', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    signers: jsonb('signers').$type<CertificateSigner[]>().notNull().default([]),
    /** The holder's name as signed (the QR carries it); shown only while the account is not anonymised. */
    holderName: text('holder_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    keyId: text('key_id')
      .notNull()
      .references(() => certificateKeys.id),
    /** The compact JWS (EdDSA) over the certificate's facts: the QR's payload. */
    signature: text('signature').notNull(),
    status: text('status', { enum: CERTIFICATE_STATUSES }).notNull().default('valid'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // One valid certificate per student and cohort: issuing again is a no-op.
    uniqueIndex('certificates_valid_unique').on(t.userId, t.cohortId).where(sql`${t.status} = 'valid'`),
    index('certificates_cohort_idx').on(t.cohortId, t.issuedAt),
    index('certificates_user_idx').on(t.userId),
    check('certificates_status_check', sql`${t.status} in ('valid', 'revoked')`),
  ],
);

export const CERTIFICATE_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** An admin's bulk issue for a cohort, worked by the job engine with its progress. */
export const certificateRuns = pgTable(
  'certificate_runs',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CERTIFICATE_RUN_STATUSES }).notNull().default('queued'),
    itemsTotal: integer('items_total').notNull().default(0),
    itemsDone: integer('items_done').notNull().default(0),
    /** Certificates this run created (students who had one already are counted done, not issued). */
    issuedCount: integer('issued_count').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('certificate_runs_cohort_idx').on(t.cohortId), check('certificate_runs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`)],
);
