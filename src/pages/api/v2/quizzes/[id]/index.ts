import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { QuizIdParamsSchema, ReaderQuizReadSchema, StaffQuizSchema, UpdateQuizBodySchema } from '~/lib/shared/schemas/quizzes';
import { deleteQuiz, getQuiz, updateQuiz } from '~/lib/server/services/quizzes/author-quiz';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/quizzes/{id}/',
  summary: "A quiz: staff get the staff view (questions with their right answers); a student the quiz with their own state and, only for an untimed quiz without random draws that they may start now, its questions as an attempt shows them (never a right answer) to answer offline (unpublished quizzes do not exist for them)",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  success: { status: 200, description: 'The quiz', schema: z.union([StaffQuizSchema, ReaderQuizReadSchema]) },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getQuiz(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/quizzes/{id}/',
  summary:
    "Change a quiz's settings; `questions` and `draws`, when given, replace the quiz's. A question that attempts used is never changed in place: an edit makes a new version, and those attempts keep being shown and scored on theirs. Staff of the course",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  body: UpdateQuizBodySchema,
  success: { status: 200, description: 'The quiz (staff view)', schema: StaffQuizSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateQuiz(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/quizzes/{id}/',
  summary: 'Delete a quiz nobody has attempted (its questions stay in the bank); with attempts: 409 quiz_has_attempts (unpublish it instead). Staff of the course',
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  success: { status: 204, description: 'Deleted' },
  errors: ['quiz_has_attempts', 'forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await deleteQuiz(caller, params.id);
    return { status: 204 };
  },
});
