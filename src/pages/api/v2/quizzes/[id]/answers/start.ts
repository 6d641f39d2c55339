import { defineEndpoint } from '~/lib/server/http/endpoint';
import { QuizIdParamsSchema, StartAttemptBodySchema, StartAttemptResultSchema } from '~/lib/shared/schemas/quizzes';
import { startAttempt } from '~/lib/server/services/quizzes/start-attempt';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/quizzes/{id}/answers/start/',
  summary:
    'Start an attempt, or resume the one under way (same id, same question order, its saved answers): its questions without their right answers, its deadline and the server\'s clock. 409 quiz_closed (unpublished, before opensAt, after closesAt), 409 attempts_exhausted. Students of the course',
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  body: StartAttemptBodySchema,
  success: { status: 200, description: 'The attempt and its questions', schema: StartAttemptResultSchema },
  errors: ['quiz_closed', 'attempts_exhausted', 'forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await startAttempt(caller, params.id) }),
});
