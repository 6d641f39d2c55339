import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { listThreads } from '~/lib/server/services/forums/read-threads';
import { createThread } from '~/lib/server/services/forums/write-threads';
import { CreateThreadBodySchema, ForumParamsSchema, ThreadSchema, ThreadsQuerySchema, ThreadSummarySchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/forums/{id}/threads/',
  summary: "A forum's threads, pinned first, then by last activity, by pages (its readers; hidden ones for its moderators only)",
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  query: ThreadsQuerySchema,
  success: { status: 200, description: 'One page of threads', schema: pageSchemaOf(ThreadSummarySchema) },
  errors: ['not_found'],
  handle: async ({ caller, params, query, request }) => {
    const { results, count } = await listThreads(caller, params.id, query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/forums/{id}/threads/',
  summary: 'Starts a thread (its participants and moderators): title and Markdown body, with @[Name](id) mentions; the author follows it. Rate limited for participants',
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  body: CreateThreadBodySchema,
  success: { status: 201, description: 'The thread', schema: ThreadSchema },
  errors: ['not_found', 'forum_archived', 'rate_limited'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await createThread(caller, params.id, body) }),
});
