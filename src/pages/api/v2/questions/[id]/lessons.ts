import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getQuestionLessons, setQuestionLessons } from '~/lib/server/services/jarvis/question-lessons';
import { QuestionLessonsBodySchema, QuestionLessonsSchema } from '~/lib/shared/schemas/jarvis';
import { QuizIdParamsSchema } from '~/lib/shared/schemas/quizzes';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/questions/{id}/lessons/',
  summary: 'The lessons linked to a bank question: the study assistant sends a student who got it wrong to them (else it searches the lessons). Staff of its course',
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  success: { status: 200, description: 'The linked lessons, in course order', schema: QuestionLessonsSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getQuestionLessons(caller, params.id) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/questions/{id}/lessons/',
  summary: "Set the lessons linked to a bank question (the whole list; lessons of the question's course only; an empty list unlinks them all). Staff of its course",
  tags: ['quizzes'],
  access: 'user',
  params: QuizIdParamsSchema,
  body: QuestionLessonsBodySchema,
  success: { status: 200, description: 'The linked lessons, in course order', schema: QuestionLessonsSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await setQuestionLessons(caller, params.id, body.lessonIds) }),
});
