import { defineEndpoint } from '~/lib/server/http/endpoint';
import { BankPageSchema, BankQuery, QuizIdParamsSchema } from '~/lib/shared/schemas/quizzes';
import { listBankQuestions } from '~/lib/server/services/quizzes/question-bank';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/questions/',
  summary: "A course's question bank by pages, with each question's current version (right answers included): `?tag=`, `?search=` (words of the prompt), `?status=INACTIVE` for archived ones. Staff of the course",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  query: BankQuery,
  success: { status: 200, description: 'One page of bank questions', schema: BankPageSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, request }) => ({ body: await listBankQuestions(caller, params.id, query, request.url) }),
});
