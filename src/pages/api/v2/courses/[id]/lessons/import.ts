import { defineEndpoint } from '~/lib/server/http/endpoint';
import { translateFieldErrors } from '~/lib/shared/validation';
import { SPREADSHEET_ERRORS } from '~/lib/server/spreadsheets/read-sheet-rows';
import { importLessons } from '~/lib/server/services/content/lesson-import/import-lessons';
import { LESSON_IMPORT_MAX_BYTES, LESSON_IMPORT_MAX_LABEL } from '~/lib/shared/constants';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { LessonImportBodySchema, LessonImportQuerySchema, LessonImportResultSchema } from '~/lib/shared/schemas/lesson-import';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/courses/{id}/lessons/import/',
  summary:
    'Append lessons from a folder of Markdown files (`files`, repeated: one lesson per .md file in file-name order, title from front matter `title:`, the first `# heading` or the file name; `section:` and `video:` in front matter; other files ignored) or from one CSV/XLSX spreadsheet (columns title/título, section/sección, content/contenido, video). Up to 5 MB and 500 lessons, after the existing lessons, all or nothing with a report per file or row (`error.fields`: `files.<name>.<field>` / `rows.<row>.<field>`); `?dryRun=true` answers the preview with each lesson\'s problems and writes nothing. Managers of the course\'s content',
  tags: ['lessons'],
  access: 'user',
  params: IdParamsSchema,
  query: LessonImportQuerySchema,
  body: LessonImportBodySchema,
  upload: { maxFileBytes: LESSON_IMPORT_MAX_BYTES, maxFileLabel: LESSON_IMPORT_MAX_LABEL, many: true },
  success: { status: 200, description: 'The lessons created (or the preview, in a dry run)', schema: LessonImportResultSchema },
  errors: [...SPREADSHEET_ERRORS, 'lesson_import_invalid', 'lesson_import_too_many', 'forbidden', 'not_found'],
  handle: async ({ caller, params, query, body, t }) => {
    const report = await importLessons(caller, params.id, body, { dryRun: query.dryRun });
    return { body: { ...report, items: report.items.map((item) => ({ ...item, errors: translateFieldErrors(item.errors, t) })) } };
  },
});
