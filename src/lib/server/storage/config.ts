import { z } from 'zod';

/** What must be set when files live in an S3-compatible bucket (`SENDA_STORAGE=s3`). */
export const S3_REQUIRED_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Where uploaded files live: the environment variables storage reads (config.ts collects every domain's). */
export const StorageConfigSchema = z.object({
  /** Where uploaded files live: `disk` under `$SENDA_DATA_DIR/uploads`, or `s3` (a bucket several servers share). */
  SENDA_STORAGE: z.enum(['disk', 's3'], 'SENDA_STORAGE must be disk or s3').default('disk'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  // Path-style URLs put the bucket in the path: it must be one plain segment.
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, 'S3_BUCKET must be a bucket name (letters, digits, dots, dashes)')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as us-east-1 (auto on R2)').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

/** A bucket needs all of its settings. */
export function checkStorageConfig(env: z.infer<typeof StorageConfigSchema>, context: z.RefinementCtx): void {
  if (env.SENDA_STORAGE !== 's3') return;
  for (const name of S3_REQUIRED_VARIABLES) {
    if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required when SENDA_STORAGE=s3` });
  }
}
