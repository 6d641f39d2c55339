import { defineEndpoint } from '~/lib/server/http/endpoint';
import { markNotificationsSeen } from '~/lib/server/services/notifications';
import { MarkSeenBodySchema, UnseenCountSchema } from '~/lib/shared/schemas/forums';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/notifications/seen/',
  summary: "Marks the caller's notifications seen (up to `upTo`, so one that arrived meanwhile stays unseen); answers the unseen count left",
  tags: ['notifications'],
  access: 'user',
  body: MarkSeenBodySchema,
  success: { status: 200, description: 'The unseen count left', schema: UnseenCountSchema },
  errors: [],
  handle: async ({ caller, body }) => ({ body: { unseen: await markNotificationsSeen(caller, body.upTo) } }),
});
