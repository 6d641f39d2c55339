import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listSubscriptions, subscribe } from '~/lib/server/services/forums/subscriptions';
import { SubscribeBodySchema, SubscriptionSchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/subscriptions/',
  summary: 'What the caller follows (threads, forums, whole cohorts) and how e-mail comes for each',
  tags: ['forums'],
  access: 'user',
  success: { status: 200, description: 'Follows', schema: z.array(SubscriptionSchema) },
  errors: [],
  handle: async ({ caller }) => ({ body: await listSubscriptions(caller) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/subscriptions/',
  summary: 'Follows a thread, a forum or a whole cohort the caller reads, with e-mail `instant` (each post once its edit window closes), `daily`, `weekly` or `none`; following again changes the e-mail',
  tags: ['forums'],
  access: 'user',
  body: SubscribeBodySchema,
  success: { status: 200, description: 'The follow', schema: SubscriptionSchema },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ body: await subscribe(caller, body) }),
});
