/** Spreadsheet reports (GET /api/v2/reports/) and the ones the job engine builds. */
import { z } from 'zod';
import { IdSchema } from './common';

/** The report types (the payments report, money for platform admins only, is GET /api/v2/payments/export/). */
export const REPORT_TYPES = ['progress', 'grades', 'quiz_results', 'submissions', 'attendance', 'users'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const ReportQuerySchema = z.object({
  type: z.enum(REPORT_TYPES, { message: 'validation.invalid_value' }),
  learning_path_id: IdSchema.optional(),
  cohort_id: IdSchema.optional(),
  export_format: z.enum(['xlsx', 'csv'], { message: 'validation.invalid_value' }).default('xlsx'),
  /** `auto` streams reports up to REPORT_STREAM_MAX_ROWS and builds larger ones in the background; `stream` and `job` choose. */
  delivery: z.enum(['auto', 'stream', 'job'], { message: 'validation.invalid_value' }).default('auto'),
});

export const ReportExportSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(REPORT_TYPES),
    format: z.enum(['csv', 'xlsx']),
    status: z.enum(['queued', 'running', 'ready', 'failed']),
    rowsTotal: z.number().int(),
    rowsDone: z.number().int(),
    fileName: z.string(),
    sizeBytes: z.number().int().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** Where the ready file downloads (API, with the token). */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: 'ReportExport' });
export type ReportExport = z.infer<typeof ReportExportSchema>;
export const ReportExportParamsSchema = z.object({ exportId: IdSchema });
