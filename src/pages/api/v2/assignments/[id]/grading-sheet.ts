import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { SPREADSHEET_ERRORS } from '~/lib/server/spreadsheets/read-sheet-rows';
import { applyGradingSheet, buildGradingSheet } from '~/lib/server/services/assignments/grading-sheet';
import { GRADING_SHEET_MAX_BYTES, GRADING_SHEET_MAX_LABEL } from '~/lib/shared/assignments';
import { AssignmentParamsSchema, GradingSheetQuerySchema, GradingSheetResultSchema, GradingSheetUploadSchema } from '~/lib/shared/schemas/assignments';
import { IdSchema } from '~/lib/shared/schemas/common';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/{id}/grading-sheet/',
  summary: "The grading sheet (XLSX): the caller's students (`cohort` for one cohort) with their latest submission's id, state, date, lateness, score and feedback, to fill and upload back. Staff of the course",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: z.object({ cohort: IdSchema.optional() }),
  success: { status: 200, description: 'The XLSX file', schema: z.string().meta({ format: 'binary' }), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, lang, t }) => fileDownloadResponse(await buildGradingSheet(caller, params.id, { cohort: query.cohort, lang, t })),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/assignments/{id}/grading-sheet/',
  summary:
    'Upload a filled grading sheet (`file`: XLSX or CSV, Spanish or English headers, up to 5 MB): `dryRun=true` answers what would change; otherwise every grade is written, or none (400 grading_sheet_invalid with each row\'s problems as `rows.<row>.<field>`). Rows without a score are left alone. Staff of the course',
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: GradingSheetQuerySchema,
  body: GradingSheetUploadSchema,
  upload: { maxFileBytes: GRADING_SHEET_MAX_BYTES, maxFileLabel: GRADING_SHEET_MAX_LABEL },
  success: { status: 200, description: 'What was (or would be) graded', schema: GradingSheetResultSchema },
  errors: ['grading_sheet_invalid', ...SPREADSHEET_ERRORS, 'forbidden', 'not_found'],
  handle: async ({ caller, params, query, body }) => ({ body: await applyGradingSheet(caller, params.id, body.file, { dryRun: query.dryRun }) }),
});
