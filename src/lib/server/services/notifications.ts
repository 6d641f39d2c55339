/**
 * In-app notifications: a reply to one's thread or comment, a mention, a new
 * post where one follows. Written in the post's transaction; the unseen
 * count is cached per person and dropped on every server when their
 * notifications change (the shell's bell reads it on every page).
 */
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Notification } from '~/lib/shared/schemas/forums';
import { readsForumSql, type Caller } from '~/lib/server/access/permissions';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import type { DbOrTx } from '~/lib/server/db/client';
import { getDb } from '~/lib/server/db/client';
import { cohorts, forumSubscriptions, forumThreads, notifications } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';
import { getPersonNames, type ForumRow } from './forums/forum-cache';

export interface PostToNotify {
  forum: Pick<ForumRow, 'id' | 'programId' | 'cohortId'>;
  threadId: number;
  commentId: number | null;
  authorId: number;
  /** People mentioned (already checked: they may be mentioned here). */
  mentionIds: readonly number[];
  /** The authors the post answers: the thread's (for a comment) and the parent comment's (for a reply). */
  answeredIds: readonly number[];
  /** A new thread tells the forum's and the cohort's followers; a comment, the thread's. */
  isNewThread: boolean;
}

const intArray = (ids: readonly number[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::int[]`;

/**
 * Notifies everyone a post concerns, each person once (a mention before a
 * reply before a followed thread), never its author, and only people who
 * still read the forum. Inside the post's transaction.
 */
export async function notifyPost(tx: DbOrTx, post: PostToNotify): Promise<void> {
  const followed = post.isNewThread
    ? sql`(s.target_type = 'forum' and s.target_id = ${post.forum.id}) or (s.target_type = 'cohort' and s.target_id in (${
        post.forum.cohortId !== null ? sql`${post.forum.cohortId}` : sql`select ${cohorts.id} from ${cohorts} where ${cohorts.programId} = ${post.forum.programId}`
      }))`
    : sql`s.target_type = 'thread' and s.target_id = ${post.threadId}`;
  await tx.execute(sql`
    insert into ${notifications} (user_id, kind, actor_id, forum_id, thread_id, comment_id)
    select distinct on (r.user_id) r.user_id, r.kind, ${post.authorId}::int, ${post.forum.id}::int, ${post.threadId}::int, ${post.commentId}::int
    from (
      select unnest(${intArray(post.mentionIds)}) as user_id, 'mention' as kind, 1 as rank
      union all select unnest(${intArray(post.answeredIds)}), 'reply', 2
      union all select s.user_id, 'subscription', 3 from ${forumSubscriptions} s where ${followed}
    ) r
    where r.user_id is not null and r.user_id <> ${post.authorId} and ${readsForumSql(post.forum, sql`r.user_id`)}
    order by r.user_id, r.rank`);
}

const unseenCounts = defineCache<number, number>({ ttlMs: 10 * 60_000, max: 100_000, invalidatedBy: { notifications: (keys) => idsOf(keys, 'user_id') } });

/** How many notifications a person has not seen (cached). */
export function countUnseenNotifications(userId: number): Promise<number> {
  return unseenCounts.getOrLoad(userId, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)));
    return row?.count ?? 0;
  });
}

/** One page of the caller's notifications, newest first, with the thread titles they point at. */
export async function listNotifications(caller: Caller, page: number): Promise<{ results: Notification[]; count: number }> {
  const db = await getDb();
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        actorId: notifications.actorId,
        forumId: notifications.forumId,
        threadId: notifications.threadId,
        threadTitle: forumThreads.title,
        commentId: notifications.commentId,
        createdAt: notifications.createdAt,
        seenAt: notifications.seenAt,
      })
      .from(notifications)
      .leftJoin(forumThreads, eq(forumThreads.id, notifications.threadId))
      .where(eq(notifications.userId, caller.id))
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.userId, caller.id)),
  ]);
  const names = await getPersonNames(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])));
  return {
    results: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      actor: row.actorId ? { id: row.actorId, name: names.get(row.actorId) ?? '' } : null,
      forumId: row.forumId,
      threadId: row.threadId,
      threadTitle: row.threadTitle,
      commentId: row.commentId,
      createdAt: row.createdAt.toISOString(),
      seen: row.seenAt !== null,
    })),
    count: total?.count ?? 0,
  };
}

/** Marks the caller's notifications seen (up to an id, so one that arrived meanwhile stays unseen); answers how many remain unseen. */
export async function markNotificationsSeen(caller: Caller, upTo?: number): Promise<number> {
  const db = await getDb();
  await db
    .update(notifications)
    .set({ seenAt: new Date() })
    .where(and(eq(notifications.userId, caller.id), isNull(notifications.seenAt), ...(upTo !== undefined ? [lte(notifications.id, upTo)] : [])));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, caller.id), isNull(notifications.seenAt)));
  return row?.count ?? 0;
}
