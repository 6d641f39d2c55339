import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { createComment } from '~/lib/server/services/forums/comments';
import { getThreadPage } from '~/lib/server/services/forums/read-threads';
import { CommentSchema, CommentsQuerySchema, CreateCommentBodySchema, ReplySchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/comments/',
  summary: "A thread's comments (`?thread=`), oldest first, 50 top-level comments a page (`?page=`) each with all its replies",
  tags: ['forums'],
  access: 'user',
  query: CommentsQuerySchema,
  success: { status: 200, description: 'One page of comments', schema: pageSchemaOf(CommentSchema) },
  errors: ['not_found'],
  handle: async ({ caller, query, request }) => {
    const page = await getThreadPage(caller, query.thread, query.page);
    return { body: toPage(page.comments, page.topLevelCount, query.page, request.url, page.pageSize) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/comments/',
  summary: 'Comments on a thread, or replies to one of its top-level comments (`parent`; one level deep): Markdown with @[Name](id) mentions. Rate limited for participants; not in a locked thread',
  tags: ['forums'],
  access: 'user',
  body: CreateCommentBodySchema,
  success: { status: 201, description: 'The comment', schema: z.union([CommentSchema, ReplySchema]) },
  errors: ['not_found', 'forum_archived', 'thread_locked', 'rate_limited'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createComment(caller, body) }),
});
