import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteComment, updateComment } from '~/lib/server/services/forums/comments';
import { CommentParamsSchema, ReplySchema, UpdateCommentBodySchema } from '~/lib/shared/schemas/forums';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/comments/{id}/',
  summary: "Changes a comment: its author's text within 30 minutes of posting; a moderator's `hidden` (visible to moderators with who hid it)",
  tags: ['forums'],
  access: 'user',
  params: CommentParamsSchema,
  body: UpdateCommentBodySchema,
  success: { status: 200, description: 'The comment', schema: ReplySchema },
  errors: ['forbidden', 'not_found', 'edit_window_closed'],
  handle: async ({ caller, params, body }) => ({ body: await updateComment(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/comments/{id}/',
  summary: 'Deletes one’s own comment within 30 minutes of posting (a comment with replies stays, without its text)',
  tags: ['forums'],
  access: 'user',
  params: CommentParamsSchema,
  success: { status: 204, description: 'Deleted' },
  errors: ['forbidden', 'not_found', 'edit_window_closed'],
  handle: async ({ caller, params }) => {
    await deleteComment(caller, params.id);
    return { status: 204 };
  },
});
