import { defineEndpoint } from '~/lib/server/http/endpoint';
import { PageQuerySchema } from '~/lib/shared/pagination';
import { CreateQuizBodySchema, QuizIdParamsSchema, QuizPageSchema, StaffQuizSchema } from '~/lib/shared/schemas/quizzes';
import { createQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { listCourseQuizzes } from '~/lib/server/services/quizzes/list-quizzes';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/quizzes/',
  summary: "A course's quizzes by pages: students see the published ones with their own state (attemptsUsed, bestPercent, status), staff every quiz with its attempt count",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  query: PageQuerySchema,
  success: { status: 200, description: 'One page of quizzes', schema: QuizPageSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, query, request }) => ({ body: await listCourseQuizzes(caller, params.id, query.page, request.url) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/courses/{id}/quizzes/',
  summary:
    'Create a quiz with its questions (single, multiple, true_false, short_text, numeric, open; new ones go to the course\'s question bank, `id` reuses a bank question) and draws (`{ tag, count }`: random questions of the bank for each attempt). Staff of the course',
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  body: CreateQuizBodySchema,
  success: { status: 201, description: 'The quiz (staff view, right answers included)', schema: StaffQuizSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await createQuiz(caller, params.id, body) }),
});
