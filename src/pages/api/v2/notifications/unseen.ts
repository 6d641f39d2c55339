import { defineEndpoint } from '~/lib/server/http/endpoint';
import { countUnseenNotifications } from '~/lib/server/services/notifications';
import { UnseenCountSchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/notifications/unseen/',
  summary: "How many of the caller's notifications they have not seen (the bell's count)",
  tags: ['notifications'],
  access: 'user',
  success: { status: 200, description: 'The unseen count', schema: UnseenCountSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: { unseen: await countUnseenNotifications(caller.id) } }),
});
