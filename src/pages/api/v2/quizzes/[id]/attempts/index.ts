import { defineEndpoint } from '~/lib/server/http/endpoint';
import { AttemptPageSchema, AttemptsQuerySchema, QuizIdParamsSchema } from '~/lib/shared/schemas/quizzes';
import { listAttempts } from '~/lib/server/services/quizzes/attempt-results';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/quizzes/{id}/attempts/',
  summary: "A quiz's attempts by pages, newest first, with their student: staff see their cohorts' students' (`?cohort=` for one cohort, `?status=`), a student their own",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  query: AttemptsQuerySchema,
  success: { status: 200, description: 'One page of attempts', schema: AttemptPageSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, query, request }) => ({ body: await listAttempts(caller, params.id, query, request.url) }),
});
