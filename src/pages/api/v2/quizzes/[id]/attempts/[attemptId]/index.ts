import { defineEndpoint } from '~/lib/server/http/endpoint';
import { AttemptDetailSchema, AttemptParamsSchema } from '~/lib/shared/schemas/quizzes';
import { getAttemptDetail } from '~/lib/server/services/quizzes/attempt-results';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/quizzes/{id}/attempts/{attemptId}/',
  summary: 'One attempt with its student: staff get every answer with the right ones; its student the review once the quiz\'s showResults allows it',
  tags: ['quizzes'],
  access: 'user',
  params: AttemptParamsSchema,
  success: { status: 200, description: 'The attempt', schema: AttemptDetailSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getAttemptDetail(caller, params.id, params.attemptId) }),
});
