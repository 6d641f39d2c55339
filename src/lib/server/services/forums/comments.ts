/**
 * Comments on a thread and replies to them (one level deep): posting,
 * editing and deleting one's own within the edit window, and moderators
 * hiding and restoring. The thread's visible-comment count and last
 * activity, the notifications and the live events are written in the same
 * transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { mentionedIdsOf } from '~/lib/shared/forums';
import type { Comment, CreateCommentBody, Reply, UpdateCommentBody } from '~/lib/shared/schemas/forums';
import type { ForumEvent, ThreadActivity } from '~/lib/shared/schemas/forum-events';
import { getMentionScope } from '~/lib/server/access/loaders';
import { canPostInThread, requireModerateForum, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';
import { forumComments, forumThreads } from '~/lib/server/db/schema';
import { notifyPost } from '~/lib/server/services/notifications';
import { getPersonNames } from './forum-cache';
import { recordForumEvents, type ForumEventInput } from './forum-events';
import { requireEditable, requirePostingAllowed, resolveMentions } from './post-rules';
import { renderPost } from './render-post';
import { findReadableThread } from './write-threads';
import { commentColumns, peopleOf, toReply, type CommentRow } from './views';

const NOBODY_LIKED = new Set<string>();

/** Adds `delta` to the thread's visible comments (and, for a new comment, moves its last activity); answers what lists show. */
async function updateThreadActivity(tx: DbOrTx, threadId: number, delta: number, touch: boolean): Promise<ThreadActivity> {
  const [row] = await tx
    .update(forumThreads)
    .set({ commentCount: sql`greatest(0, ${forumThreads.commentCount} + ${delta})`, ...(touch && { lastActivityAt: new Date() }) })
    .where(eq(forumThreads.id, threadId))
    .returning({ commentCount: forumThreads.commentCount, lastActivityAt: forumThreads.lastActivityAt });
  return { id: threadId, commentCount: row!.commentCount, lastActivityAt: row!.lastActivityAt.toISOString() };
}

/** Whether a comment counts in its thread's visible comments. */
const isCounted = (row: Pick<CommentRow, 'hiddenAt' | 'deletedAt'>) => row.hiddenAt === null && row.deletedAt === null;

/**
 * The live event of a changed comment: moderators see it as it is;
 * participants get it removed when hidden (or deleted with no replies), and
 * nothing inside a hidden thread.
 */
function commentChangedEvent(row: CommentRow, names: ReadonlyMap<number, string>, thread: ThreadActivity, options: { threadHidden: boolean; hasReplies: boolean }): ForumEventInput {
  const { likedByMe: _, ...staffView } = toReply(row, names, { userId: null, moderates: true, liked: NOBODY_LIKED });
  const { likedByMe: __, ...participantView } = toReply(row, names, { userId: null, moderates: false, liked: NOBODY_LIKED });
  const removed: ForumEvent = { type: 'comment.removed', commentId: row.id, parentId: row.parentId, thread };
  const goneForEveryone = row.deletedAt !== null && !options.hasReplies;
  const participant: ForumEvent | null = options.threadHidden ? null : goneForEveryone || row.hiddenAt !== null ? removed : { type: 'comment.updated', comment: participantView, thread };
  return { forumId: row.forumId, threadId: row.threadId, payload: participant, staffPayload: goneForEveryone ? removed : { type: 'comment.updated', comment: staffView, thread } };
}

async function findComment(db: DbOrTx, commentId: number): Promise<CommentRow | null> {
  const [row] = await db.select(commentColumns).from(forumComments).where(eq(forumComments.id, commentId));
  return row ?? null;
}

const hasRepliesSql = (commentId: number) => sql<boolean>`exists (select 1 from ${forumComments} where ${forumComments.parentId} = ${commentId} and ${forumComments.deletedAt} is null)`;

/** Posts a comment on a thread, or a reply to one of its top-level comments (participants and moderators; moderators also in locked threads). */
export async function createComment(caller: Caller, input: CreateCommentBody): Promise<Comment | Reply> {
  const { forum, access, thread } = await findReadableThread(caller, input.thread);
  const db = await getDb();
  // A write sent again (its answer was lost on the way back): the comment it made, even if the thread closed since.
  const earlier = input.clientKey ? await findCommentByClientKey(db, caller.id, input.clientKey) : null;
  if (earlier) return viewOfOwn(earlier, caller, access);
  if (forum.status !== 'ACTIVE') throw new AppError('forum_archived');
  if (!canPostInThread(access, thread)) throw new AppError('thread_locked');
  let parent: CommentRow | null = null;
  if (input.parent !== undefined) {
    parent = await findComment(db, input.parent);
    if (!parent || parent.threadId !== thread.id || parent.deletedAt !== null || (parent.hiddenAt !== null && access !== 'moderate')) throw new AppError('not_found');
    if (parent.parentId !== null) throw new AppError('validation_failed', { fields: { parent: 'validation.forum.replyDepth' } });
  }
  const scope = await getMentionScope(caller, forum);
  const names = await getPersonNames([caller.id]);
  const insert = () => db.transaction(async (tx) => {
    await requirePostingAllowed(tx, caller, access);
    const [created] = await tx
      .insert(forumComments)
      .values({ threadId: thread.id, forumId: forum.id, parentId: parent?.id ?? null, authorId: caller.id, bodyMd: input.body, bodyHtml: renderPost(input.body), clientKey: input.clientKey ?? null })
      .returning(commentColumns);
    const activity = await updateThreadActivity(tx, thread.id, 1, true);
    const mentionIds = await resolveMentions(tx, input.body, scope, caller.id);
    const answeredIds = [thread.authorId, parent?.authorId ?? null].filter((id): id is number => id !== null);
    await notifyPost(tx, { forum, threadId: thread.id, commentId: created!.id, authorId: caller.id, mentionIds, answeredIds, isNewThread: false });
    const view = toReply(created!, names, { userId: null, moderates: false, liked: NOBODY_LIKED });
    const comment = created!.parentId === null ? { ...view, replies: [] } : view;
    const event: ForumEvent = { type: 'comment.created', comment, thread: activity };
    await recordForumEvents(tx, [{ forumId: forum.id, threadId: thread.id, payload: thread.hiddenAt !== null ? null : event, staffPayload: event }]);
    return created!;
  });
  try {
    return viewOfOwn(await insert(), caller, access, names);
  } catch (error) {
    // The same write twice at once: the second answers what the first made.
    const same = input.clientKey && uniqueViolationOf(error) === 'forum_comments_author_client_key_unique' ? await findCommentByClientKey(db, caller.id, input.clientKey) : null;
    if (same) return viewOfOwn(same, caller, access);
    throw error;
  }
}

async function findCommentByClientKey(db: DbOrTx, authorId: number, clientKey: string): Promise<CommentRow | null> {
  const [row] = await db.select(commentColumns).from(forumComments).where(and(eq(forumComments.authorId, authorId), eq(forumComments.clientKey, clientKey)));
  return row ?? null;
}

/** The caller's own comment as they see it just after posting it. */
async function viewOfOwn(row: CommentRow, caller: Caller, access: Awaited<ReturnType<typeof findReadableThread>>['access'], names?: ReadonlyMap<number, string>): Promise<Comment | Reply> {
  const view = toReply(row, names ?? (await getPersonNames([caller.id])), { userId: caller.id, moderates: access === 'moderate', liked: NOBODY_LIKED });
  return row.parentId === null ? { ...view, replies: [] } : view;
}

/** Changes a comment: its author edits the text within the edit window; moderators hide or restore it. */
export async function updateComment(caller: Caller, commentId: number, input: UpdateCommentBody): Promise<Reply> {
  const db = await getDb();
  const current = await findComment(db, commentId);
  if (!current || current.deletedAt !== null) throw new AppError('not_found');
  const { forum, access, thread } = await findReadableThread(caller, current.threadId);
  if (current.hiddenAt !== null && access !== 'moderate') throw new AppError('not_found');
  if (input.hidden !== undefined) requireModerateForum(access, forum.status);
  if (input.body !== undefined) requireEditable(caller, current);
  const now = new Date();
  const changes = {
    ...(input.body !== undefined && { bodyMd: input.body, bodyHtml: renderPost(input.body), editedAt: now }),
    ...(input.hidden === true && current.hiddenAt === null && { hiddenAt: now, hiddenBy: caller.id }),
    ...(input.hidden === false && { hiddenAt: null, hiddenBy: null }),
  };
  const scope = input.body !== undefined ? await getMentionScope(caller, forum) : null;
  const names = await getPersonNames([...peopleOf([current]), caller.id]);
  const row = Object.keys(changes).length === 0 ? current : await db.transaction(async (tx) => {
    const [updated] = await tx.update(forumComments).set(changes).where(eq(forumComments.id, commentId)).returning(commentColumns);
    const delta = Number(isCounted(updated!)) - Number(isCounted(current));
    const activity = await updateThreadActivity(tx, thread.id, delta, false);
    if (scope && input.body !== undefined) {
      const before = new Set(mentionedIdsOf(current.bodyMd));
      const mentionIds = (await resolveMentions(tx, input.body, scope, caller.id)).filter((id) => !before.has(id));
      if (mentionIds.length) await notifyPost(tx, { forum, threadId: thread.id, commentId, authorId: caller.id, mentionIds, answeredIds: [], isNewThread: false });
    }
    const [{ hasReplies }] = (await tx.select({ hasReplies: hasRepliesSql(commentId) }).from(forumComments).where(eq(forumComments.id, commentId))) as [{ hasReplies: boolean }];
    await recordForumEvents(tx, [commentChangedEvent(updated!, names, activity, { threadHidden: thread.hiddenAt !== null, hasReplies })]);
    return updated!;
  });
  return toReply(row, names, { userId: caller.id, moderates: access === 'moderate', liked: NOBODY_LIKED });
}

/** Deletes the caller's own comment within the edit window: it disappears, or, while it has replies, stays as "deleted" without its text. */
export async function deleteComment(caller: Caller, commentId: number): Promise<void> {
  const db = await getDb();
  const current = await findComment(db, commentId);
  if (!current || current.deletedAt !== null) throw new AppError('not_found');
  const { thread } = await findReadableThread(caller, current.threadId);
  requireEditable(caller, current);
  const names = await getPersonNames(peopleOf([current]));
  await db.transaction(async (tx) => {
    const [deleted] = await tx.update(forumComments).set({ deletedAt: new Date() }).where(and(eq(forumComments.id, commentId))).returning(commentColumns);
    const activity = await updateThreadActivity(tx, thread.id, isCounted(current) ? -1 : 0, false);
    const [{ hasReplies }] = (await tx.select({ hasReplies: hasRepliesSql(commentId) }).from(forumComments).where(eq(forumComments.id, commentId))) as [{ hasReplies: boolean }];
    await recordForumEvents(tx, [commentChangedEvent(deleted!, names, activity, { threadHidden: thread.hiddenAt !== null, hasReplies })]);
  });
}
