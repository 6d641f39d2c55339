import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getThreadPage } from '~/lib/server/services/forums/read-threads';
import { deleteThread, updateThread } from '~/lib/server/services/forums/write-threads';
import { ForumParamsSchema, ThreadPageQuerySchema, ThreadPageSchema, ThreadSchema, UpdateThreadBodySchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/threads/{id}/',
  summary: 'A thread with a page of its comments (`?page=`, 50 top-level comments each with all their replies), what the caller liked and follows, and the last live event included',
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  query: ThreadPageQuerySchema,
  success: { status: 200, description: 'The thread page', schema: ThreadPageSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, query }) => {
    const { access: _, ...page } = await getThreadPage(caller, params.id, query.page);
    return { body: page };
  },
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/threads/{id}/',
  summary: "Changes a thread: its author's title and body within 30 minutes of posting; a moderator's `pinned`, `locked`, `hidden` (hidden threads stay visible to moderators, with who hid them)",
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  body: UpdateThreadBodySchema,
  success: { status: 200, description: 'The thread', schema: ThreadSchema },
  errors: ['forbidden', 'not_found', 'edit_window_closed'],
  handle: async ({ caller, params, body }) => ({ body: await updateThread(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/threads/{id}/',
  summary: 'Deletes one’s own thread within 30 minutes of posting (moderators hide instead)',
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  success: { status: 204, description: 'Deleted' },
  errors: ['forbidden', 'not_found', 'edit_window_closed'],
  handle: async ({ caller, params }) => {
    await deleteThread(caller, params.id);
    return { status: 204 };
  },
});
