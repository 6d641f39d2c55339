/**
 * What a live event changes in the data a forum island shows: pure
 * functions, each safe to apply twice (an island replays the events that
 * arrived before it mounted, and a reconnect may resend one).
 */
import type { Comment, Reply, ThreadPage, ThreadSummary } from '~/lib/shared/schemas/forums';
import type { ForumEventWithId } from '~/lib/shared/schemas/forum-events';
import type { Page } from '~/lib/shared/pagination';

/** A thread page as the island holds it: the answer, and the top-level comments that arrived on later pages. */
export interface LiveThreadPage extends ThreadPage {
  /** Set when the thread was hidden or deleted while open. */
  removed?: boolean;
  /** New top-level comments that belong after the comments loaded so far. */
  newElsewhere?: number;
  /** The first page loaded (`page` is the last): "Ver más comentarios" appends pages after it. */
  firstPage?: number;
}

/** How many top-level comments come after those loaded (0: the thread is shown to its end). */
export function remainingComments(page: LiveThreadPage): number {
  const before = ((page.firstPage ?? page.page) - 1) * page.pageSize;
  return Math.max(0, page.topLevelCount - before - page.comments.length);
}

/** The next page of comments appended to those shown (each comment once; the ones shown keep their live state). */
export function appendThreadPage(current: LiveThreadPage, next: ThreadPage): LiveThreadPage {
  const known = new Set(current.comments.map((comment) => comment.id));
  const comments = [...current.comments, ...next.comments.filter((comment) => !known.has(comment.id))].sort(byId);
  return { ...current, comments, page: next.page, topLevelCount: next.topLevelCount, firstPage: current.firstPage ?? current.page, newElsewhere: 0 };
}

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

/** Keeps what only this reader knows of a post (whether they liked it, its Markdown if it is theirs) over the shared event's copy. */
type IncomingPost = Omit<Reply, 'likedByMe'> & { likedByMe?: boolean; replies?: Reply[] };

function merge(known: Reply | undefined, incoming: IncomingPost): Reply {
  const { replies: _replies, ...post } = incoming;
  return { ...post, likedByMe: incoming.likedByMe ?? known?.likedByMe ?? false, bodyMd: incoming.bodyMd || (known?.bodyMd ?? '') };
}

/** Inserts or replaces a comment or reply by id, in id order. */
export function upsertComment(page: LiveThreadPage, incoming: IncomingPost): LiveThreadPage {
  if (incoming.parentId !== null) {
    const parentId = incoming.parentId;
    const comments = page.comments.map((comment) => {
      if (comment.id !== parentId) return comment;
      const known = comment.replies.find((reply) => reply.id === incoming.id);
      const replies = known ? comment.replies.map((reply) => (reply.id === incoming.id ? merge(known, incoming) : reply)) : [...comment.replies, merge(undefined, incoming)].sort(byId);
      return { ...comment, replies };
    });
    return { ...page, comments };
  }
  const known = page.comments.find((comment) => comment.id === incoming.id);
  if (known) return { ...page, comments: page.comments.map((comment) => (comment.id === incoming.id ? { ...merge(known, incoming), replies: known.replies } : comment)) };
  // A new top-level comment goes at the end of the thread: here when the comments shown reach the end, else it is counted for the notice.
  const firstId = page.comments[0]?.id ?? 0;
  const lastId = page.comments.at(-1)?.id ?? 0;
  const within = incoming.id > firstId && incoming.id < lastId;
  const atTheEnd = incoming.id > lastId && remainingComments(page) === 0;
  if (!within && !atTheEnd) {
    // Before this page (restored), nothing to show; after it, counted for the "new comments" notice.
    return incoming.id > lastId ? { ...page, topLevelCount: page.topLevelCount + 1, newElsewhere: (page.newElsewhere ?? 0) + 1 } : page;
  }
  const comment: Comment = { ...merge(undefined, incoming), replies: incoming.replies ?? [] };
  return { ...page, topLevelCount: page.topLevelCount + 1, comments: [...page.comments, comment].sort(byId) };
}

function removeComment(page: LiveThreadPage, commentId: number, parentId: number | null): LiveThreadPage {
  if (parentId !== null) return { ...page, comments: page.comments.map((comment) => (comment.id === parentId ? { ...comment, replies: comment.replies.filter((reply) => reply.id !== commentId) } : comment)) };
  if (!page.comments.some((comment) => comment.id === commentId)) return page;
  return { ...page, topLevelCount: Math.max(0, page.topLevelCount - 1), comments: page.comments.filter((comment) => comment.id !== commentId) };
}

function setLikes(page: LiveThreadPage, targetType: 'thread' | 'comment', targetId: number, likeCount: number): LiveThreadPage {
  if (targetType === 'thread') return page.thread.id === targetId ? { ...page, thread: { ...page.thread, likeCount } } : page;
  return {
    ...page,
    comments: page.comments.map((comment) =>
      comment.id === targetId
        ? { ...comment, likeCount }
        : comment.replies.some((reply) => reply.id === targetId)
          ? { ...comment, replies: comment.replies.map((reply) => (reply.id === targetId ? { ...reply, likeCount } : reply)) }
          : comment,
    ),
  };
}

/** A thread page after one live event of its thread. */
export function applyThreadEvent(page: LiveThreadPage, event: ForumEventWithId): LiveThreadPage {
  const withActivity = (next: LiveThreadPage, activity: { commentCount: number; lastActivityAt: string }) => ({
    ...next,
    thread: { ...next.thread, commentCount: activity.commentCount, lastActivityAt: activity.lastActivityAt },
  });
  // Only this thread's events (a page follows one thread; an island mounted late replays what the page received).
  const threadOf = 'thread' in event && event.type !== 'thread.created' ? event.thread.id : 'threadId' in event ? event.threadId : null;
  if (threadOf !== null && threadOf !== page.thread.id) return page;
  switch (event.type) {
    case 'comment.created':
    case 'comment.updated':
      return withActivity(upsertComment(page, event.comment), event.thread);
    case 'comment.removed':
      return withActivity(removeComment(page, event.commentId, event.parentId), event.thread);
    case 'likes.changed':
      return setLikes(page, event.targetType, event.targetId, event.likeCount);
    case 'thread.updated':
      if (event.thread.id !== page.thread.id) return page;
      return { ...page, removed: false, thread: { ...page.thread, ...event.thread, bodyMd: event.thread.bodyMd || page.thread.bodyMd, likedByMe: page.thread.likedByMe } };
    case 'thread.removed':
      return event.threadId === page.thread.id ? { ...page, removed: true } : page;
    default:
      return page;
  }
}

/** A forum's thread list (first page: new threads appear on top) after one live event of the forum. */
export function applyForumEvent(page: Page<ThreadSummary>, event: ForumEventWithId, pageNumber: number): Page<ThreadSummary> {
  const replace = (id: number, change: (thread: ThreadSummary) => ThreadSummary) => ({ ...page, results: page.results.map((thread) => (thread.id === id ? change(thread) : thread)) });
  switch (event.type) {
    case 'thread.created':
      if (page.results.some((thread) => thread.id === event.thread.id)) return page;
      if (pageNumber !== 1) return { ...page, count: page.count + 1 };
      {
        const pinned = page.results.filter((thread) => thread.pinned);
        const rest = page.results.filter((thread) => !thread.pinned);
        return { ...page, count: page.count + 1, results: [...pinned, event.thread, ...rest] };
      }
    case 'thread.updated': {
      const { bodyMd: _, bodyHtml: __, editedAt: ___, hiddenInfo: ____, ...summary } = event.thread;
      return page.results.some((thread) => thread.id === summary.id) ? replace(summary.id, (thread) => ({ ...thread, ...summary })) : page;
    }
    case 'thread.removed':
      return page.results.some((thread) => thread.id === event.threadId) ? { ...page, count: page.count - 1, results: page.results.filter((thread) => thread.id !== event.threadId) } : page;
    case 'thread.activity':
      return replace(event.thread.id, (thread) => ({ ...thread, commentCount: event.thread.commentCount, lastActivityAt: event.thread.lastActivityAt }));
    case 'likes.changed':
      return event.targetType === 'thread' ? replace(event.targetId, (thread) => ({ ...thread, likeCount: event.likeCount })) : page;
    default:
      return page;
  }
}
