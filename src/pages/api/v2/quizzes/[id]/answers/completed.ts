import { defineEndpoint } from '~/lib/server/http/endpoint';
import { AttemptIdBodySchema, CompleteAttemptResultSchema, QuizIdParamsSchema } from '~/lib/shared/schemas/quizzes';
import { completeAttempt } from '~/lib/server/services/quizzes/attempt-results';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/quizzes/{id}/answers/completed/',
  summary:
    "Submit an attempt: it is closed and scored (idempotent: submitting again answers the same). `review` (each question's points, whether it was right, the right answer, feedback) appears only as the quiz's showResults allows",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  body: AttemptIdBodySchema,
  success: { status: 200, description: 'The closed attempt', schema: CompleteAttemptResultSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await completeAttempt(caller, params.id, body.attemptId) }),
});
