/** Schemas of the users import (POST /api/v2/users/bulk-users/): accounts and profiles from a CSV or XLSX file. */
import { z } from 'zod';
import { SessionBodySchema } from './common';
import { UploadedFileSchema } from './uploads';

/** Largest users file accepted, in bytes (and as named in the 413 message). */
export const USERS_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const USERS_IMPORT_MAX_LABEL = '8 MB';
/** Data rows (the header aside) one import may carry. */
export const USERS_IMPORT_MAX_ROWS = 10_000;
/** Rows of the preview's sample. */
export const USERS_IMPORT_SAMPLE_ROWS = 50;

/** multipart/form-data: one CSV or XLSX file in the field `file`. */
export const UsersImportBodySchema = SessionBodySchema.extend({ file: UploadedFileSchema }).meta({ id: 'UsersImportBody' });

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { message: 'validation.invalid_value' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'));

/** `?dryRun=true`: check and preview, write nothing. `?invite=false`: create the accounts without sending invitations yet. */
export const UsersImportQuerySchema = z.object({ dryRun: booleanFlag(false), invite: booleanFlag(true) });

export const UsersImportResultSchema = z
  .object({
    /** Rows read. */
    total: z.number().int(),
    /** Accounts created (or that would be). */
    created: z.number().int(),
    /** Existing accounts whose names, profile, type, language or status were (or would be) set. */
    updated: z.number().int(),
    /** Invitations queued (or that would be) for the new accounts. */
    invited: z.number().int(),
    /** Cohort memberships added or changed. */
    memberships: z.number().int(),
    dryRun: z.boolean(),
    /** The first rows as they will be imported. */
    sample: z.array(
      z.object({
        row: z.number().int(),
        email: z.string(),
        name: z.string(),
        action: z.enum(['create', 'update']),
        cohort: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'UsersImportResult' });
export type UsersImportResult = z.infer<typeof UsersImportResultSchema>;

/** One line of the progress stream (`Accept: application/x-ndjson`): progress, then the result or an error. */
export type UsersImportEvent =
  | { progress: { done: number; total: number } }
  | { result: UsersImportResult }
  | { error: { code: string; message: string; fields?: Record<string, string> } };
