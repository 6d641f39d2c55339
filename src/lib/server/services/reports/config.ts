import { z } from 'zod';

/** Reports: the environment variables they read (config.ts collects every domain's). */
export const ReportConfigSchema = z.object({
  /** A report up to this many rows streams as it is asked for; a larger one is built by the job engine, with progress (ADR 017). */
  REPORT_STREAM_MAX_ROWS: z.coerce.number().int().min(0).max(100_000_000).default(250_000),
});
