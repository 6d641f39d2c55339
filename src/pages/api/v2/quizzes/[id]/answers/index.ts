import { defineEndpoint } from '~/lib/server/http/endpoint';
import { QuizIdParamsSchema, SaveAnswerBodySchema, SaveAnswerResultSchema } from '~/lib/shared/schemas/quizzes';
import { saveAnswer } from '~/lib/server/services/quizzes/save-answer';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/quizzes/{id}/answers/',
  summary:
    'Save one answer of an attempt (`optionIds`, `text` or `number`, by question type). Saving the same answer again changes nothing; an older save (by `clientSavedAt`) arriving after a newer one does not overwrite it (`applied: false` and the answer `kept`). After the attempt is completed, or past its deadline and 30 s of grace: 409 attempt_closed. Another student\'s attempt, or a question of another quiz: 404',
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  body: SaveAnswerBodySchema,
  success: { status: 200, description: 'Saved', schema: SaveAnswerResultSchema },
  errors: ['attempt_closed', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await saveAnswer(caller, params.id, body) }),
});
