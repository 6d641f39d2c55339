import { z } from 'zod';
import { textSchema } from './common';

/** The public legal texts the terms modal and the sign-in page link to. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

const MAX_LEGAL_TEXT_LENGTH = 100_000;

export const LegalParamsSchema = z.object({ document: z.enum(LEGAL_DOCUMENTS, { message: 'validation.invalid_value' }) });

const LegalTextSchema = z.object({
  /** The Markdown shown on /legal/<document> in that language. */
  bodyMd: z.string(),
  /** True while no admin has written this language's text: Senda's own default is shown. */
  isDefault: z.boolean(),
});

export const LegalDocumentSchema = z
  .object({
    document: z.enum(LEGAL_DOCUMENTS),
    es: LegalTextSchema,
    en: LegalTextSchema,
    /** When an admin last changed it (null: never). */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'LegalDocument' });
export type LegalDocument = z.infer<typeof LegalDocumentSchema>;

/** Both languages at once (Markdown); an empty text goes back to Senda's default for that language. */
export const UpdateLegalDocumentBodySchema = z
  .object({
    es: textSchema().max(MAX_LEGAL_TEXT_LENGTH, 'validation.length.max'),
    en: textSchema().max(MAX_LEGAL_TEXT_LENGTH, 'validation.length.max'),
  })
  .meta({ id: 'UpdateLegalDocumentBody' });
export type UpdateLegalDocumentBody = z.infer<typeof UpdateLegalDocumentBodySchema>;
