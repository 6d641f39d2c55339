import { z } from 'zod';

/** Submissions: the environment variables they read (config.ts collects every domain's). */
export const AssignmentConfigSchema = z.object({
  /** What each student's submitted files may take in all (MB); past it a submission is 413 submission_quota_exceeded. */
  SUBMISSION_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** A zip of submissions up to this size (MB) streams as it is asked for; a larger one is built by the job engine, with progress. */
  SUBMISSION_ZIP_STREAM_MAX_MB: z.coerce.number().int().min(0).max(1_000_000).default(500),
});
