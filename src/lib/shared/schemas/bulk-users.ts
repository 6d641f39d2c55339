/** Schemas of the bulk assignment of cohort members from a CSV or XLSX upload. */
import { z } from 'zod';
import { SessionBodySchema } from './common';
import { UploadedFileSchema } from './uploads';

/** Largest members file accepted, in bytes (and as named in the 413 message). */
export const BULK_USERS_MAX_BYTES = 2 * 1024 * 1024;
export const BULK_USERS_MAX_LABEL = '2 MB';
/** Data rows (the header aside) one upload may carry. */
export const BULK_USERS_MAX_ROWS = 5000;

/** multipart/form-data: one CSV or XLSX file in the field `file`. */
export const BulkUsersBodySchema = SessionBodySchema.extend({ file: UploadedFileSchema }).meta({ id: 'BulkUsersBody' });

/** `?dryRun=true`: validate and count, write nothing (the admin preview). */
export const BulkUsersQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'validation.invalid_value' })
    .optional()
    .transform((value) => value === 'true'),
});

export const BulkUsersResultSchema = z
  .object({
    /** Memberships added (or that would be, in a dry run). */
    created: z.number().int(),
    /** Existing memberships whose role or status were (or would be) set. */
    updated: z.number().int(),
    total: z.number().int(),
    dryRun: z.boolean(),
  })
  .meta({ id: 'BulkUsersResult' });
export type BulkUsersResult = z.infer<typeof BulkUsersResultSchema>;
