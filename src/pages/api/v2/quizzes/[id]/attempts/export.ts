import { defineEndpoint } from '~/lib/server/http/endpoint';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { ExportQuerySchema, QuizIdParamsSchema } from '~/lib/shared/schemas/quizzes';
import { exportResults } from '~/lib/server/services/quizzes/export-results';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/quizzes/{id}/attempts/export/',
  summary: "A quiz's results as a file: `?format=xlsx` (default) or `csv`, `?cohort=` for one cohort; one row per attempt (student, attempt, status, dates, score, percent, passed, pending grading). Staff of the course",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  query: ExportQuerySchema,
  success: { status: 200, description: 'The results file', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, lang, t }) => {
    return tableFileResponse(await exportResults(caller, params.id, { format: query.format, cohort: query.cohort, lang, t }));
  },
});
