import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createFeedback, listFeedbacks } from '~/lib/server/services/assignments/feedbacks';
import { CreateFeedbackBodySchema, FeedbackListQuerySchema, FeedbackPageSchema, FeedbackSchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/feedbacks/',
  summary: "Feedback, unread first then newest, by pages: a student's own (released); staff their students' (`student` for one). `unseen=true`: only unread",
  tags: ['feedbacks'],
  access: 'user',
  query: FeedbackListQuerySchema,
  success: { status: 200, description: 'One page of feedback', schema: FeedbackPageSchema },
  errors: [],
  handle: async ({ caller, query, request }) => ({ body: await listFeedbacks(caller, query, request.url) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/feedbacks/',
  summary: 'Write a feedback to a student about one of their submissions, one of their quiz attempts, or a lesson of a course they take (exactly one). Staff of the course who see the student',
  tags: ['feedbacks'],
  access: 'user',
  body: CreateFeedbackBodySchema,
  success: { status: 201, description: 'The feedback', schema: FeedbackSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createFeedback(caller, body) }),
});
