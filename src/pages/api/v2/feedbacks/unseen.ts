import { defineEndpoint } from '~/lib/server/http/endpoint';
import { countUnseenFeedback } from '~/lib/server/services/assignments/feedbacks';
import { UnseenFeedbackCountSchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/feedbacks/unseen/',
  summary: "How many of the caller's feedbacks are released and not read yet (the shell's badge)",
  tags: ['feedbacks'],
  access: 'user',
  success: { status: 200, description: 'The count', schema: UnseenFeedbackCountSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: { count: await countUnseenFeedback(caller.id) } }),
});
