import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { fileDownloadResponse, tableFileResponse } from '~/lib/server/http/file-download';
import { getFunderReport } from '~/lib/server/services/reports/funder/get-funder-report';
import { writeFunderFile } from '~/lib/server/services/reports/funder/write-funder-file';
import { reportPost } from '~/lib/server/services/forums/reports';
import { isReportStreamable, requestReportExport } from '~/lib/server/services/reports/report-exports';
import { planReport, writeReport } from '~/lib/server/services/reports/write-report';
import { ReportBodySchema } from '~/lib/shared/schemas/forums';
import { ReportExportSchema } from '~/lib/shared/schemas/reports';
import { ReportWithGradebookQuerySchema } from '~/lib/shared/schemas/gradebook';
import { writeGradebookReport } from '~/lib/server/services/gradebook/gradebook-export';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/reports/',
  summary:
    'A report as a spreadsheet (`export_format` xlsx or csv): progress (per student and course), grades (quizzes and assignments), quiz_results (every attempt), submissions, attendance (live sessions), users (the person form), gradebook (the gradebook of one course in one cohort: `cohort_id` and `course_id` required; the same numbers as `cohorts/{id}/gradebook/`, always streamed), or funder (the report to funders at the day `cutoff`, YYYY-MM-DD, required, not after today: the funnel, hours, approval rate and withdrawals of everyone, breakdowns by age band, gender, stratum, place and population group counting only people who authorised reports to funders, groups of 1–4 shown as <5, an annex of those people; the same cut-off and data give the same bytes; always answered at once), of the students of the cohorts the caller sees (`learning_path_id`, `cohort_id` narrow it). First row frozen, typed columns, formulas neutralised, named after the type and the date. Streamed (200) up to REPORT_STREAM_MAX_ROWS rows; a larger report (or `delivery=job`) is built in the background: 202 with the job, whose progress and download are at `reports/exports/{exportId}/`. Platform admins, and tutors and cohort admins for their cohorts',
  tags: ['reports'],
  access: 'user',
  query: ReportWithGradebookQuerySchema,
  success: { status: 200, description: 'The file', schema: z.string().meta({ format: 'binary' }), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  otherSuccesses: [{ status: 202, description: 'The job building it', schema: ReportExportSchema }],
  errors: ['grade_weights_incomplete', 'forbidden', 'not_found'],
  handle: async ({ caller, query, lang }) => {
    if (query.type === 'funder') {
      const report = await getFunderReport(caller, { learningPathId: query.learning_path_id, cohortId: query.cohort_id }, query.cutoff!, lang);
      return fileDownloadResponse(await writeFunderFile(report, query.export_format));
    }
    if (query.type === 'gradebook') {
      return tableFileResponse(await writeGradebookReport(caller, { cohortId: query.cohort_id!, courseId: query.course_id!, format: query.export_format, lang }));
    }
    const filters = { learningPathId: query.learning_path_id, cohortId: query.cohort_id };
    const plan = await planReport(caller, query.type, filters);
    if (query.delivery === 'job' || (query.delivery === 'auto' && !isReportStreamable(plan))) {
      return { status: 202, body: await requestReportExport(caller, plan, { ...filters, format: query.export_format, lang }) };
    }
    return tableFileResponse(writeReport(plan, { format: query.export_format, lang }));
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/reports/',
  summary: "Reports a thread or comment to the forum's moderators, with an optional reason (once per person and post)",
  tags: ['forums'],
  access: 'user',
  body: ReportBodySchema,
  success: { status: 201, description: 'The report', schema: z.object({ id: z.number().int() }) },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ status: 201, body: await reportPost(caller, body) }),
});
