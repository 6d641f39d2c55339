import { defineEndpoint } from '~/lib/server/http/endpoint';
import { BankQuestionSchema, QuizIdParamsSchema, UpdateBankQuestionBodySchema } from '~/lib/shared/schemas/quizzes';
import { updateBankQuestion } from '~/lib/server/services/quizzes/question-bank';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/questions/{id}/',
  summary: "Change a bank question's tags, or archive it (`status: INACTIVE`: never drawn again; quizzes that list it keep it) and restore it. Staff of its course",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  body: UpdateBankQuestionBodySchema,
  success: { status: 200, description: 'The bank question', schema: BankQuestionSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateBankQuestion(caller, params.id, body) }),
});
