import { defineEndpoint } from '~/lib/server/http/endpoint';
import { unsubscribe } from '~/lib/server/services/forums/subscriptions';
import { SubscriptionParamsSchema } from '~/lib/shared/schemas/forums';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/subscriptions/{id}/',
  summary: 'Stops following (one’s own follows only)',
  tags: ['forums'],
  access: 'user',
  params: SubscriptionParamsSchema,
  success: { status: 204, description: 'Stopped' },
  errors: ['not_found'],
  handle: async ({ caller, params }) => {
    await unsubscribe(caller, params.id);
    return { status: 204 };
  },
});
