/**
 * Likes of threads and comments. The request says the state wanted, not
 * "toggle": sending it twice (a double click, a retry) changes nothing. The
 * like row's primary key decides whether anything changed, and the counter
 * moves by one in the same transaction only then, so counts stay exact
 * under any number of concurrent clicks (tests/integration/forums-live.test.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { LikeBody, LikeState } from '~/lib/shared/schemas/forums';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { forumComments, forumLikes, forumThreads } from '~/lib/server/db/schema';
import { recordForumEvents } from './forum-events';
import { findReadableThread } from './write-threads';

async function threadOfTarget(db: DbOrTx, input: Pick<LikeBody, 'targetType' | 'targetId'>): Promise<{ threadId: number; hidden: boolean }> {
  if (input.targetType === 'thread') return { threadId: input.targetId, hidden: false };
  const [row] = await db
    .select({ threadId: forumComments.threadId, hiddenAt: forumComments.hiddenAt, deletedAt: forumComments.deletedAt })
    .from(forumComments)
    .where(eq(forumComments.id, input.targetId));
  if (!row || row.deletedAt !== null) throw new AppError('not_found');
  return { threadId: row.threadId, hidden: row.hiddenAt !== null };
}

/** Likes or unlikes a thread or comment the caller reads; answers its state and exact count. */
export async function setLike(caller: Caller, input: LikeBody): Promise<LikeState> {
  const db = await getDb();
  const target = await threadOfTarget(db, input);
  const { forum, access, thread } = await findReadableThread(caller, target.threadId);
  if (target.hidden && access !== 'moderate') throw new AppError('not_found');
  const table = input.targetType === 'thread' ? forumThreads : forumComments;
  const likeCountOf = async (tx: DbOrTx, delta: number): Promise<number> => {
    const [row] =
      delta === 0
        ? await tx.select({ likeCount: table.likeCount }).from(table).where(eq(table.id, input.targetId))
        : await tx
            .update(table)
            .set({ likeCount: sql`greatest(0, ${table.likeCount} + ${delta})` })
            .where(eq(table.id, input.targetId))
            .returning({ likeCount: table.likeCount });
    return row!.likeCount;
  };
  const likeCount = await db.transaction(async (tx) => {
    const changed = input.liked
      ? await tx.insert(forumLikes).values({ targetType: input.targetType, targetId: input.targetId, userId: caller.id, threadId: thread.id }).onConflictDoNothing().returning({ userId: forumLikes.userId })
      : await tx
          .delete(forumLikes)
          .where(and(eq(forumLikes.targetType, input.targetType), eq(forumLikes.targetId, input.targetId), eq(forumLikes.userId, caller.id)))
          .returning({ userId: forumLikes.userId });
    if (changed.length === 0) return likeCountOf(tx, 0);
    const count = await likeCountOf(tx, input.liked ? 1 : -1);
    const event = { type: 'likes.changed' as const, targetType: input.targetType, targetId: input.targetId, threadId: thread.id, likeCount: count };
    await recordForumEvents(tx, [{ forumId: forum.id, threadId: thread.id, payload: thread.hiddenAt !== null || target.hidden ? null : event, staffPayload: event }]);
    return count;
  });
  return { targetType: input.targetType, targetId: input.targetId, liked: input.liked, likeCount };
}
