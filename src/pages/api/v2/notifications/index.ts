import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf, PageQuerySchema } from '~/lib/shared/pagination';
import { listNotifications } from '~/lib/server/services/notifications';
import { NotificationSchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/notifications/',
  summary: "The caller's notifications, newest first, by pages: replies to their threads and comments, mentions, new posts where they follow",
  tags: ['notifications'],
  access: 'user',
  query: PageQuerySchema,
  success: { status: 200, description: 'One page of notifications', schema: pageSchemaOf(NotificationSchema) },
  errors: [],
  handle: async ({ caller, query, request }) => {
    const { results, count } = await listNotifications(caller, query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});
