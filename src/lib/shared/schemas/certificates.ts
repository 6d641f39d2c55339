/**
 * Certificates: what the API reads and answers. The public verification
 * answer carries only what the /verify page shows (no e-mail, no ids, no
 * revocation reason), and no name for an anonymised holder.
 */
import { z } from 'zod';
import { pageSchemaOf, PageQuerySchema } from '~/lib/shared/pagination';
import { IdSchema, textSchema } from './common';
import { UploadedFileSchema } from './uploads';

/** A verification code: 16 Crockford base32 characters in groups of four (80 random bits). */
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
export const CERTIFICATE_REVOKE_REASON_MAX_LENGTH = 500;
export const CERTIFICATE_TITLE_MAX_LENGTH = 200;
export const CERTIFICATE_SIGNERS_MAX = 4;
export const CERTIFICATE_HOURS_MAX = 10_000;

export const CertificateParamsSchema = z.object({ id: IdSchema });
export const CohortCertificatesParamsSchema = z.object({ id: IdSchema });
export const ProgramCertificateParamsSchema = z.object({ id: IdSchema });

/** A code as people type it: case and spaces forgiven, then held to the pattern. */
export const CertificateCodeSchema = textSchema('validation.certificate.code')
  .transform((text) => text.trim().toUpperCase())
  .refine((text) => CERTIFICATE_CODE_PATTERN.test(text), 'validation.certificate.code');
export const VerifyCertificateParamsSchema = z.object({ code: CertificateCodeSchema });

export const CertificateListQuerySchema = PageQuerySchema.extend({ cohort_id: IdSchema.optional() });

export const RevokeCertificateBodySchema = z.object({
  reason: textSchema('validation.certificate.reason')
    .trim()
    .min(1, 'validation.certificate.reason')
    .max(CERTIFICATE_REVOKE_REASON_MAX_LENGTH),
});
export type RevokeCertificateBody = z.infer<typeof RevokeCertificateBodySchema>;

export const CertificateSignerSchema = z.object({ name: z.string(), role: z.string() }).meta({ id: 'CertificateSigner' });

export const CertificateStatusSchema = z.enum(['valid', 'revoked']);

/** A certificate as its holder and the cohort's staff see it. */
export const CertificateSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    userId: z.number().int(),
    cohortId: z.number().int(),
    programId: z.number().int(),
    holderName: z.string().nullable(),
    programName: z.string(),
    title: z.string(),
    hours: z.number(),
    signers: z.array(CertificateSignerSchema),
    issuedAt: z.string(),
    status: CertificateStatusSchema,
    revokedAt: z.string().nullable(),
    revokedReason: z.string().nullable(),
    /** The public page that verifies it. */
    verifyUrl: z.string(),
    /** LinkedIn's "add to profile" link for it. */
    linkedInUrl: z.string(),
  })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof CertificateSchema>;
export const CertificatePageSchema = pageSchemaOf(CertificateSchema).meta({ id: 'CertificatePage' });

/** What anyone learns from a code (the /verify page's facts). */
export const CertificateVerificationSchema = z
  .object({
    code: z.string(),
    valid: z.boolean(),
    status: CertificateStatusSchema,
    /** Null when the holder was anonymised. */
    holderName: z.string().nullable(),
    programName: z.string(),
    title: z.string(),
    hours: z.number(),
    issuedAt: z.string(),
    signers: z.array(CertificateSignerSchema),
    revokedAt: z.string().nullable(),
    /** The compact JWS the QR carries, to check offline with the published key. */
    signature: z.string(),
  })
  .meta({ id: 'CertificateVerification' });
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

/** The bulk issue's run and its progress. */
export const CertificateRunSchema = z
  .object({
    id: z.number().int(),
    cohortId: z.number().int(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    itemsTotal: z.number().int(),
    itemsDone: z.number().int(),
    issuedCount: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: 'CertificateRun' });
export type CertificateRun = z.infer<typeof CertificateRunSchema>;
export const CertificateRunParamsSchema = z.object({ id: IdSchema, runId: IdSchema });

/** A program's certificate design, as the admin screen edits it. */
export const CertificateDesignBodySchema = z.object({
  title: textSchema('validation.certificate.title').trim().min(1, 'validation.certificate.title').max(CERTIFICATE_TITLE_MAX_LENGTH),
  hours: z.coerce.number({ message: 'validation.numeric' }).positive('validation.certificate.hours').max(CERTIFICATE_HOURS_MAX),
  signers: z
    .array(z.object({ name: textSchema().trim().min(1, 'validation.required.field').max(120), role: textSchema().trim().max(120) }))
    .max(CERTIFICATE_SIGNERS_MAX, 'validation.certificate.signers')
    .default([]),
  autoIssue: z.boolean({ message: 'validation.invalid_type' }).default(false),
});
export type CertificateDesignBody = z.infer<typeof CertificateDesignBodySchema>;

export const CertificateDesignSchema = z
  .object({
    programId: z.number().int(),
    title: z.string(),
    hours: z.number(),
    signers: z.array(CertificateSignerSchema.extend({ hasSignature: z.boolean() })),
    hasLogo: z.boolean(),
    hasBackground: z.boolean(),
    autoIssue: z.boolean(),
  })
  .meta({ id: 'CertificateDesign' });
export type CertificateDesign = z.infer<typeof CertificateDesignSchema>;

/** The Open Badges 3.0 credential: the credential itself and the same, signed as a VC-JWT. */
export const OpenBadgeSchema = z.object({ credential: z.record(z.string(), z.unknown()), jwt: z.string() }).meta({ id: 'OpenBadgeCredential' });

export const CERTIFICATE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CERTIFICATE_IMAGE_MAX_LABEL = '2 MB';

/** An image of the design: the logo, the background, or signer `signer`'s signature (PNG or JPEG). */
export const CertificateImageBodySchema = z
  .object({
    slot: z.enum(['logo', 'background', 'signature'], { message: 'validation.invalid_value' }),
    signer: z.coerce.number({ message: 'validation.invalid_value' }).int('validation.invalid_value').min(0).max(CERTIFICATE_SIGNERS_MAX - 1).optional(),
    image: UploadedFileSchema,
  })
  .meta({ id: 'CertificateImageBody' });
