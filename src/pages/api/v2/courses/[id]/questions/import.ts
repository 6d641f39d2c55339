import { defineEndpoint } from '~/lib/server/http/endpoint';
import { translateFieldErrors } from '~/lib/shared/validation';
import { SPREADSHEET_ERRORS } from '~/lib/server/spreadsheets/read-sheet-rows';
import { importQuestions } from '~/lib/server/services/quizzes/import/import-questions';
import { QUESTION_IMPORT_MAX_BYTES, QUESTION_IMPORT_MAX_LABEL } from '~/lib/shared/quizzes';
import { QuestionImportBodySchema, QuestionImportQuerySchema, QuestionImportResultSchema, QuizIdParamsSchema } from '~/lib/shared/schemas/quizzes';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/courses/{id}/questions/import/',
  summary:
    "Add questions to a course's bank from one file (`file`): Moodle GIFT (multiple choice, true/false, short answer, numeric with tolerance, essay, feedback; `$CATEGORY:` becomes a tag), Aiken, or a CSV/XLSX spreadsheet with Spanish or English headers (tipo/type, pregunta/question, puntos/points, opciones/options with `|`, correcta/correct, tolerancia/tolerance, retroalimentación/feedback, etiquetas/tags). `format` names it (else told from the file), `tags` (comma-separated) go on every question. Up to 2 MB and 500 questions, all or nothing with a report per line (`error.fields`: `lines.<line>.<field>`); `?dryRun=true` answers the preview and writes nothing. Staff of the course",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  query: QuestionImportQuerySchema,
  body: QuestionImportBodySchema,
  upload: { maxFileBytes: QUESTION_IMPORT_MAX_BYTES, maxFileLabel: QUESTION_IMPORT_MAX_LABEL },
  success: { status: 200, description: 'The questions added (or the preview, in a dry run)', schema: QuestionImportResultSchema },
  errors: [...SPREADSHEET_ERRORS, 'question_import_invalid', 'question_import_too_many', 'forbidden', 'not_found'],
  handle: async ({ caller, params, query, body, t }) => {
    const report = await importQuestions(caller, params.id, body, { dryRun: query.dryRun, t });
    return { body: { ...report, items: report.items.map((item) => ({ ...item, errors: translateFieldErrors(item.errors, t) })) } };
  },
});
