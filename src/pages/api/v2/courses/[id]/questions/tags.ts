import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { BankTagSchema, QuizIdParamsSchema } from '~/lib/shared/schemas/quizzes';
import { listBankTags } from '~/lib/server/services/quizzes/question-bank';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/questions/tags/',
  summary: "The tags of a course's question bank with how many active questions carry each (to draw questions at random by tag). Staff of the course",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  success: { status: 200, description: 'The tags', schema: z.array(BankTagSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await listBankTags(caller, params.id) }),
});
