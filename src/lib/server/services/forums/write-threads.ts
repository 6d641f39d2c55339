/**
 * Starting, changing and deleting threads: an author's post and edits (in
 * the edit window), a moderator's pin, lock, hide and restore. Each change
 * writes its live event, and a new post its notifications, in the same
 * transaction.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { mentionedIdsOf } from '~/lib/shared/forums';
import type { CreateThreadBody, Thread, UpdateThreadBody } from '~/lib/shared/schemas/forums';
import { findForumWithAccess, getMentionScope } from '~/lib/server/access/loaders';
import { requireModerateForum, type Caller, type ForumAccess } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { forumSubscriptions, forumThreads } from '~/lib/server/db/schema';
import { notifyPost } from '~/lib/server/services/notifications';
import { getPersonNames, type ForumRow } from './forum-cache';
import { recordForumEvents, type ForumEventInput } from './forum-events';
import { requireEditable, requirePostingAllowed, resolveMentions } from './post-rules';
import { findThreadForumId } from './read-threads';
import { renderPost } from './render-post';
import { peopleOf, threadColumns, toThread, toThreadSummary, type ThreadRow } from './views';

const NOBODY_LIKED = new Set<string>();

/** The live events of a thread's change: moderators see it as it is; participants, nothing of a hidden or deleted thread. */
function threadChangedEvents(row: ThreadRow, names: ReadonlyMap<number, string>): ForumEventInput[] {
  const { likedByMe: _, ...staffView } = toThread(row, names, { userId: null, moderates: true, liked: NOBODY_LIKED });
  const { likedByMe: __, ...participantView } = toThread(row, names, { userId: null, moderates: false, liked: NOBODY_LIKED });
  const gone = row.deletedAt !== null;
  const hidden = row.hiddenAt !== null;
  return [
    {
      forumId: row.forumId,
      threadId: row.id,
      payload: gone || hidden ? { type: 'thread.removed', threadId: row.id } : { type: 'thread.updated', thread: participantView },
      staffPayload: gone ? { type: 'thread.removed', threadId: row.id } : { type: 'thread.updated', thread: staffView },
    },
  ];
}

/** A thread the caller may read, with its forum and their access (404 otherwise; deleted threads are gone for everyone). */
export async function findReadableThread(caller: Caller, threadId: number, tx?: DbOrTx): Promise<{ forum: ForumRow; access: ForumAccess; thread: ThreadRow }> {
  const forumId = await findThreadForumId(threadId);
  if (forumId === null) throw new AppError('not_found');
  const { forum, access } = await findForumWithAccess(caller, forumId);
  const db = tx ?? (await getDb());
  const [thread] = await db.select(threadColumns).from(forumThreads).where(and(eq(forumThreads.id, threadId), isNull(forumThreads.deletedAt)));
  if (!thread || (thread.hiddenAt !== null && access !== 'moderate')) throw new AppError('not_found');
  return { forum, access, thread };
}

/** Starts a thread in a forum (its participants and moderators; not in an archived forum), following it by e-mail. */
export async function createThread(caller: Caller, forumId: number, input: CreateThreadBody): Promise<Thread> {
  const { forum, access } = await findForumWithAccess(caller, forumId);
  if (forum.status !== 'ACTIVE') throw new AppError('forum_archived');
  const scope = await getMentionScope(caller, forum);
  // Names are read before the transaction: PGlite runs one transaction at a time and nothing beside it.
  const names = await getPersonNames([caller.id]);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await requirePostingAllowed(tx, caller, access);
    const [created] = await tx
      .insert(forumThreads)
      .values({ forumId, authorId: caller.id, title: input.title, bodyMd: input.body, bodyHtml: renderPost(input.body) })
      .returning(threadColumns);
    await tx.insert(forumSubscriptions).values({ userId: caller.id, targetType: 'thread', targetId: created!.id, email: 'instant' }).onConflictDoNothing();
    const mentionIds = await resolveMentions(tx, input.body, scope, caller.id);
    await notifyPost(tx, { forum, threadId: created!.id, commentId: null, authorId: caller.id, mentionIds, answeredIds: [], isNewThread: true });
    await recordForumEvents(tx, [{ forumId, threadId: created!.id, payload: { type: 'thread.created', thread: toThreadSummary(created!, names) } }]);
    return created!;
  });
  return toThread(row, names, { userId: caller.id, moderates: access === 'moderate', liked: NOBODY_LIKED });
}

/**
 * Changes a thread: its author edits the title and text within the edit
 * window; moderators pin, lock, hide and restore it (anything else is 403).
 */
export async function updateThread(caller: Caller, threadId: number, input: UpdateThreadBody): Promise<Thread> {
  const { forum, access, thread } = await findReadableThread(caller, threadId);
  const edits = input.title !== undefined || input.body !== undefined;
  const moderation = input.pinned !== undefined || input.locked !== undefined || input.hidden !== undefined;
  if (moderation) requireModerateForum(access, forum.status);
  if (edits) requireEditable(caller, thread);
  const now = new Date();
  const changes = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.body !== undefined && { bodyMd: input.body, bodyHtml: renderPost(input.body) }),
    ...(edits && { editedAt: now }),
    ...(input.pinned !== undefined && { pinned: input.pinned }),
    ...(input.locked !== undefined && { locked: input.locked }),
    ...(input.hidden === true && thread.hiddenAt === null && { hiddenAt: now, hiddenBy: caller.id }),
    ...(input.hidden === false && { hiddenAt: null, hiddenBy: null }),
  };
  if (Object.keys(changes).length === 0) return readThreadAs(caller, thread, access);
  const scope = input.body !== undefined ? await getMentionScope(caller, forum) : null;
  const names = await getPersonNames([...peopleOf([thread]), caller.id]);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(forumThreads).set(changes).where(eq(forumThreads.id, threadId)).returning(threadColumns);
    if (scope && input.body !== undefined) {
      // Only people the edit newly mentions are told.
      const before = new Set(mentionedIdsOf(thread.bodyMd));
      const mentionIds = (await resolveMentions(tx, input.body, scope, caller.id)).filter((id) => !before.has(id));
      if (mentionIds.length) await notifyPost(tx, { forum, threadId, commentId: null, authorId: caller.id, mentionIds, answeredIds: [], isNewThread: false });
    }
    await recordForumEvents(tx, threadChangedEvents(updated!, names));
    return updated!;
  });
  return readThreadAs(caller, row, access);
}

async function readThreadAs(caller: Caller, row: ThreadRow, access: ForumAccess): Promise<Thread> {
  const names = await getPersonNames(peopleOf([row]));
  return toThread(row, names, { userId: caller.id, moderates: access === 'moderate', liked: NOBODY_LIKED });
}

/** Deletes the caller's own thread within the edit window (moderators hide instead). */
export async function deleteThread(caller: Caller, threadId: number): Promise<void> {
  const { thread } = await findReadableThread(caller, threadId);
  requireEditable(caller, thread);
  const names = await getPersonNames(peopleOf([thread]));
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [deleted] = await tx.update(forumThreads).set({ deletedAt: new Date() }).where(eq(forumThreads.id, threadId)).returning(threadColumns);
    await recordForumEvents(tx, threadChangedEvents(deleted!, names));
  });
}
