/**
 * Reading forums' threads: a forum's thread list and a thread's page (the
 * thread, a page of top-level comments with their replies), as one reader
 * sees them. Both are cached per thread or forum version (forum-cache.ts),
 * with the id of the last live event they include, so the page's live
 * stream continues exactly from there.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { COMMENTS_PAGE_SIZE, type SubscriptionEmail } from '~/lib/shared/forums';
import { pageWindow } from '~/lib/shared/pagination';
import type { ThreadPage as ThreadPageAnswer, ThreadSummary } from '~/lib/shared/schemas/forums';
import { findForumWithAccess } from '~/lib/server/access/loaders';
import { canPostInThread, canSeeHiddenPosts, type Caller, type ForumAccess } from '~/lib/server/access/permissions';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { forumComments, forumLikes, forumSubscriptions, forumThreads } from '~/lib/server/db/schema';
import { forumVersionOf, getPersonNames, threadVersionOf, type ForumRow } from './forum-cache';
import { readLastEventId } from './forum-events';
import { commentColumns, likeKey, peopleOf, threadColumns, toComments, toThread, toThreadSummary, withExcerpt, type CommentRow, type Reader, type ThreadRow } from './views';

type Audience = 'moderator' | 'participant';
const audienceOf = (access: ForumAccess): Audience => (canSeeHiddenPosts(access) ? 'moderator' : 'participant');

/** Threads a reader lists: never deleted ones; hidden ones for moderators only. */
const visibleThreads = (audience: Audience): SQL => and(isNull(forumThreads.deletedAt), audience === 'moderator' ? undefined : isNull(forumThreads.hiddenAt))!;

interface ThreadListData {
  rows: ThreadRow[];
  count: number;
  lastEventId: number;
}

const threadLists = defineCache<string, ThreadListData>({ ttlMs: 10 * 60_000, max: 5_000, maxBytes: 64 * 1024 * 1024, sizeOf: (value) => 2_000 + value.rows.length * 1_500 });

async function readThreadList(forumId: number, page: number, audience: Audience): Promise<ThreadListData> {
  const db = await getDb();
  // The event id first: the rows read next are at least that new (a later event is replayed harmlessly).
  const lastEventId = await readLastEventId(db, { forumId });
  const where = and(eq(forumThreads.forumId, forumId), visibleThreads(audience));
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select(threadColumns).from(forumThreads).where(where).orderBy(desc(forumThreads.pinned), desc(forumThreads.lastActivityAt), desc(forumThreads.id)).limit(limit).offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(forumThreads).where(where),
  ]);
  return { rows: rows.map(withExcerpt), count: total?.count ?? 0, lastEventId };
}

export interface ThreadList {
  forum: ForumRow;
  access: ForumAccess;
  results: ThreadSummary[];
  count: number;
  lastEventId: number;
  /** How the caller follows this forum (null: not), and the follow's id. */
  following: SubscriptionEmail | null;
  followId: number | null;
}

/** One page of a forum's threads (pinned first, then by last activity), as the caller sees them. */
export async function listThreads(caller: Caller, forumId: number, page: number): Promise<ThreadList> {
  const { forum, access } = await findForumWithAccess(caller, forumId);
  const audience = audienceOf(access);
  const key = `${forumId}:${forumVersionOf(forumId)}:${page}:${audience}`;
  const [data, follow] = await Promise.all([threadLists.getOrLoad(key, () => readThreadList(forumId, page, audience)), readFollowing(caller.id, 'forum', forumId)]);
  const names = await getPersonNames(peopleOf(data.rows));
  return { forum, access, results: data.rows.map((row) => toThreadSummary(row, names)), count: data.count, lastEventId: data.lastEventId, following: follow?.email ?? null, followId: follow?.id ?? null };
}

async function readFollowing(userId: number, targetType: 'thread' | 'forum', targetId: number): Promise<{ id: number; email: SubscriptionEmail } | null> {
  return (await readViewerState(userId)).follows.get(followKey(targetType, targetId)) ?? null;
}

// ── A thread's page ──────────────────────────────────────────────────────

interface ThreadPageData {
  thread: ThreadRow;
  /** The page's top-level comments and all their replies. */
  comments: CommentRow[];
  topLevelCount: number;
  lastEventId: number;
}

const threadPages = defineCache<string, ThreadPageData | 'missing'>({
  ttlMs: 10 * 60_000,
  max: 5_000,
  maxBytes: 128 * 1024 * 1024,
  sizeOf: (value) => (value === 'missing' ? 100 : 4_000 + value.comments.reduce((sum, row) => sum + 600 + (row.bodyMd.length + row.bodyHtml.length) * 2, 0)),
});

/** Top-level comments a reader sees: not hidden (moderators see those), and not deleted unless they keep replies. */
function visibleTopLevel(audience: Audience): SQL {
  const hasReplies = sql`exists (select 1 from ${forumComments} reply where reply.parent_id = ${forumComments.id} and reply.deleted_at is null${audience === 'moderator' ? sql`` : sql` and reply.hidden_at is null`})`;
  return and(isNull(forumComments.parentId), sql`(${forumComments.deletedAt} is null or ${hasReplies})`, audience === 'moderator' ? undefined : isNull(forumComments.hiddenAt))!;
}

async function readThreadPage(threadId: number, page: number, audience: Audience): Promise<ThreadPageData | 'missing'> {
  const db = await getDb();
  const lastEventId = await readLastEventId(db, { threadId });
  const [thread] = await db.select(threadColumns).from(forumThreads).where(and(eq(forumThreads.id, threadId), visibleThreads(audience)));
  if (!thread) return 'missing';
  const where = and(eq(forumComments.threadId, threadId), visibleTopLevel(audience));
  const offset = (page - 1) * COMMENTS_PAGE_SIZE;
  const [top, [total]] = await Promise.all([
    db.select(commentColumns).from(forumComments).where(where).orderBy(asc(forumComments.id)).limit(COMMENTS_PAGE_SIZE).offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(forumComments).where(where),
  ]);
  const replies = top.length
    ? await db.select(commentColumns).from(forumComments).where(inArray(forumComments.parentId, top.map((row) => row.id))).orderBy(asc(forumComments.id))
    : [];
  return { thread: withExcerpt(thread), comments: [...top, ...replies], topLevelCount: total?.count ?? 0, lastEventId };
}

export type ThreadPage = ThreadPageAnswer & { access: ForumAccess };

/** What one person liked (any thread) and follows (anything), cached per person: a page view reads no row of its own. */
interface ViewerState {
  liked: ReadonlySet<string>;
  follows: ReadonlyMap<string, { id: number; email: SubscriptionEmail }>;
}

const viewerStates = defineCache<number, ViewerState>({
  ttlMs: 10 * 60_000,
  max: 50_000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (value) => 300 + value.liked.size * 60 + value.follows.size * 100,
  invalidatedBy: { forum_likes: (keys) => idsOf(keys, 'user_id'), forum_subscriptions: (keys) => idsOf(keys, 'user_id') },
});

const followKey = (targetType: 'thread' | 'forum' | 'cohort', targetId: number) => `${targetType}:${targetId}`;

/** A person's likes and follows (cached; dropped on every server when they change). */
function readViewerState(userId: number): Promise<ViewerState> {
  return viewerStates.getOrLoad(userId, async () => {
    const db = await getDb();
    const [likes, follows] = await Promise.all([
      db.select({ targetType: forumLikes.targetType, targetId: forumLikes.targetId }).from(forumLikes).where(eq(forumLikes.userId, userId)),
      db.select({ id: forumSubscriptions.id, targetType: forumSubscriptions.targetType, targetId: forumSubscriptions.targetId, email: forumSubscriptions.email }).from(forumSubscriptions).where(eq(forumSubscriptions.userId, userId)),
    ]);
    return {
      liked: new Set(likes.map((like) => likeKey(like.targetType, like.targetId))),
      follows: new Map(follows.map((follow) => [followKey(follow.targetType, follow.targetId), { id: follow.id, email: follow.email }])),
    };
  });
}

/** A thread never moves to another forum: its forum id is cached without invalidation. */
const threadForums = defineCache<number, number>({ ttlMs: 60 * 60_000, max: 100_000 });
const NO_THREAD = Symbol('no thread');

/** The forum id of a thread (deleted ones included), or null. */
export async function findThreadForumId(threadId: number): Promise<number | null> {
  try {
    return await threadForums.getOrLoad(threadId, async () => {
      const db = await getDb();
      const [row] = await db.select({ forumId: forumThreads.forumId }).from(forumThreads).where(eq(forumThreads.id, threadId));
      if (!row) throw NO_THREAD;
      return row.forumId;
    });
  } catch (error) {
    if (error === NO_THREAD) return null;
    throw error;
  }
}

/** A thread with one page of its comments, as the caller sees it (404 when they may not read it, or it is gone or hidden from them). */
export async function getThreadPage(caller: Caller, threadId: number, page = 1): Promise<ThreadPage> {
  const forumId = await findThreadForumId(threadId);
  if (forumId === null) throw new AppError('not_found');
  const { forum, access } = await findForumWithAccess(caller, forumId);
  const audience = audienceOf(access);
  const key = `${threadId}:${threadVersionOf(threadId)}:${page}:${audience}`;
  const [data, viewer] = await Promise.all([threadPages.getOrLoad(key, () => readThreadPage(threadId, page, audience)), readViewerState(caller.id)]);
  if (data === 'missing') throw new AppError('not_found');
  const names = await getPersonNames([...peopleOf([data.thread]), ...peopleOf(data.comments)]);
  const reader: Reader = { userId: caller.id, moderates: audience === 'moderator', liked: viewer.liked };
  const follow = viewer.follows.get(followKey('thread', threadId));
  return {
    forum: { id: forum.id, title: forum.title, scopeName: forum.scopeName },
    access,
    thread: toThread(data.thread, names, reader),
    comments: toComments(data.comments, names, reader),
    page,
    topLevelCount: data.topLevelCount,
    pageSize: COMMENTS_PAGE_SIZE,
    lastEventId: data.lastEventId,
    following: follow?.email ?? null,
    followId: follow?.id ?? null,
    canModerate: access === 'moderate',
    canPost: forum.status === 'ACTIVE' && canPostInThread(access, data.thread),
  };
}
