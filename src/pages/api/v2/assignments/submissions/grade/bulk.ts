import { defineEndpoint } from '~/lib/server/http/endpoint';
import { gradeSubmissions } from '~/lib/server/services/assignments/grade-submissions';
import { BulkGradeBodySchema, BulkGradeResultSchema } from '~/lib/shared/schemas/assignments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/assignments/submissions/grade/bulk/',
  summary: 'Grade many submissions at once `{ grades: [{ submissionId, score, feedback? }] }` (up to 5,000), all or nothing: any problem is a 400 naming each one (`grades.<i>.<field>`) and nothing is written',
  tags: ['assignments'],
  access: 'user',
  body: BulkGradeBodySchema,
  success: { status: 200, description: 'How many were graded', schema: BulkGradeResultSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, body }) => ({ body: await gradeSubmissions(caller, body.grades) }),
});
