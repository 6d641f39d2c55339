/**
 * Live events of a forum, as server-sent events deliver them (realtime/,
 * ADR 014). Each has an id (`id:` line) so a reconnecting reader continues
 * where it stopped. Participants and moderators may receive different
 * events for one change: a hidden comment is `comment.removed` for a
 * participant and `comment.updated` (with who hid it) for a moderator.
 */
import type { Comment, Reply, Thread, ThreadSummary } from './forums';

/** What a thread list shows of a thread's activity. */
export interface ThreadActivity {
  id: number;
  commentCount: number;
  lastActivityAt: string;
}

export type ForumEvent =
  | { type: 'thread.created'; thread: ThreadSummary }
  | { type: 'thread.updated'; thread: Omit<Thread, 'likedByMe'> }
  /** Hidden (for participants) or deleted. */
  | { type: 'thread.removed'; threadId: number }
  | { type: 'comment.created'; comment: Comment | Reply; thread: ThreadActivity }
  | { type: 'comment.updated'; comment: Omit<Reply, 'likedByMe'>; thread: ThreadActivity }
  /** Hidden (for participants) or deleted without replies. */
  | { type: 'comment.removed'; commentId: number; parentId: number | null; thread: ThreadActivity }
  | { type: 'likes.changed'; targetType: 'thread' | 'comment'; targetId: number; threadId: number; likeCount: number }
  /** For readers of a forum's thread list: a thread's comment count and last activity changed. */
  | { type: 'thread.activity'; thread: ThreadActivity };

/** A forum event with its id, as the stream carries it. */
export type ForumEventWithId = ForumEvent & { id: number };
