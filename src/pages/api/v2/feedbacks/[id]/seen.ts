import { defineEndpoint } from '~/lib/server/http/endpoint';
import { markFeedbackSeen } from '~/lib/server/services/assignments/feedbacks';
import { AssignmentParamsSchema, FeedbackSchema } from '~/lib/shared/schemas/assignments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/feedbacks/{id}/seen/',
  summary: 'Mark one of your feedbacks as read (again: nothing changes); anyone else\'s is not found',
  tags: ['feedbacks'],
  access: 'user',
  params: AssignmentParamsSchema,
  success: { status: 200, description: 'The feedback', schema: FeedbackSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await markFeedbackSeen(caller, params.id) }),
});
