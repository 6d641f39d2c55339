import { defineEndpoint } from '~/lib/server/http/endpoint';
import { AttemptDetailSchema, AttemptParamsSchema, GradeAnswerBodySchema } from '~/lib/shared/schemas/quizzes';
import { gradeAnswer } from '~/lib/server/services/quizzes/attempt-results';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/quizzes/{id}/attempts/{attemptId}/grade/',
  summary: "Grade an open answer of a submitted attempt (`points` up to the question's, optional `feedback`); the attempt's score and `passed` are computed again. Staff of the course who see the student",
  tags: ['quizzes'],
  access: 'user',
  params: AttemptParamsSchema,
  body: GradeAnswerBodySchema,
  success: { status: 200, description: 'The attempt, graded', schema: AttemptDetailSchema },
  errors: ['attempt_in_progress', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await gradeAnswer(caller, params.id, params.attemptId, body) }),
});
