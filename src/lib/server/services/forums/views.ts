/** Forum rows as the API answers them, for one reader (moderators see hidden posts and who hid them). */
import type { Comment, PersonRef, Reply, Thread, ThreadSummary } from '~/lib/shared/schemas/forums';
import { forumComments, forumThreads } from '~/lib/server/db/schema';
import { excerptOf } from './render-post';

export const threadColumns = {
  id: forumThreads.id,
  forumId: forumThreads.forumId,
  authorId: forumThreads.authorId,
  title: forumThreads.title,
  bodyMd: forumThreads.bodyMd,
  bodyHtml: forumThreads.bodyHtml,
  pinned: forumThreads.pinned,
  locked: forumThreads.locked,
  hiddenAt: forumThreads.hiddenAt,
  hiddenBy: forumThreads.hiddenBy,
  deletedAt: forumThreads.deletedAt,
  commentCount: forumThreads.commentCount,
  likeCount: forumThreads.likeCount,
  createdAt: forumThreads.createdAt,
  editedAt: forumThreads.editedAt,
  lastActivityAt: forumThreads.lastActivityAt,
};
export type ThreadRow = { [K in keyof typeof threadColumns]: (typeof forumThreads.$inferSelect)[K] } & {
  /** The opening post's plain-text excerpt, when already made (cached pages make it once, not per request). */
  excerpt?: string;
};

/** A thread row with its excerpt made (Markdown to text is the costliest part of listing a thread). */
export const withExcerpt = (row: ThreadRow): ThreadRow => (row.excerpt !== undefined ? row : { ...row, excerpt: excerptOf(row.bodyMd) });

export const commentColumns = {
  id: forumComments.id,
  threadId: forumComments.threadId,
  forumId: forumComments.forumId,
  parentId: forumComments.parentId,
  authorId: forumComments.authorId,
  bodyMd: forumComments.bodyMd,
  bodyHtml: forumComments.bodyHtml,
  hiddenAt: forumComments.hiddenAt,
  hiddenBy: forumComments.hiddenBy,
  deletedAt: forumComments.deletedAt,
  likeCount: forumComments.likeCount,
  createdAt: forumComments.createdAt,
  editedAt: forumComments.editedAt,
};
export type CommentRow = { [K in keyof typeof commentColumns]: (typeof forumComments.$inferSelect)[K] };

/**
 * Who reads: whether they moderate (hidden posts, who hid them), which posts
 * they liked, and who they are (a post's Markdown source goes only to its
 * author, who may edit it; everyone else reads the HTML). Live events are
 * built for no one in particular (`userId: null`).
 */
export interface Reader {
  userId: number | null;
  moderates: boolean;
  liked: ReadonlySet<string>;
}

export const likeKey = (targetType: 'thread' | 'comment', targetId: number) => `${targetType}:${targetId}`;

const personOf = (id: number | null, names: ReadonlyMap<number, string>): PersonRef | null => (id === null ? null : { id, name: names.get(id) ?? '' });
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A thread in a list. */
export function toThreadSummary(row: ThreadRow, names: ReadonlyMap<number, string>): ThreadSummary {
  return {
    id: row.id,
    forumId: row.forumId,
    title: row.title,
    excerpt: row.excerpt ?? excerptOf(row.bodyMd),
    author: personOf(row.authorId, names),
    pinned: row.pinned,
    locked: row.locked,
    hidden: row.hiddenAt !== null,
    commentCount: row.commentCount,
    likeCount: row.likeCount,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

/** A thread with its opening post, as `reader` sees it. */
export function toThread(row: ThreadRow, names: ReadonlyMap<number, string>, reader: Reader): Thread {
  return {
    ...toThreadSummary(row, names),
    bodyMd: reader.userId !== null && row.authorId === reader.userId ? row.bodyMd : '',
    bodyHtml: row.bodyHtml,
    editedAt: iso(row.editedAt),
    hiddenInfo: reader.moderates && row.hiddenAt ? { by: personOf(row.hiddenBy, names), at: row.hiddenAt.toISOString() } : null,
    likedByMe: reader.liked.has(likeKey('thread', row.id)),
  };
}

/** A reply or comment as `reader` sees it; a deleted one keeps only its place. */
export function toReply(row: CommentRow, names: ReadonlyMap<number, string>, reader: Reader): Reply {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    threadId: row.threadId,
    parentId: row.parentId,
    author: deleted ? null : personOf(row.authorId, names),
    bodyMd: deleted || reader.userId === null || row.authorId !== reader.userId ? '' : row.bodyMd,
    bodyHtml: deleted ? '' : row.bodyHtml,
    likeCount: row.likeCount,
    likedByMe: reader.liked.has(likeKey('comment', row.id)),
    createdAt: row.createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    hidden: row.hiddenAt !== null,
    hiddenInfo: reader.moderates && row.hiddenAt ? { by: personOf(row.hiddenBy, names), at: row.hiddenAt.toISOString() } : null,
    deleted,
  };
}

/** Whether `reader` sees a comment at all: moderators see hidden ones; nobody sees a deleted one without replies. */
export function isCommentVisible(row: Pick<CommentRow, 'hiddenAt' | 'deletedAt'>, reader: Pick<Reader, 'moderates'>, hasVisibleReplies = false): boolean {
  if (row.hiddenAt !== null && !reader.moderates) return false;
  return row.deletedAt === null || hasVisibleReplies;
}

/** Top-level comments with their visible replies, as `reader` sees them. */
export function toComments(rows: readonly CommentRow[], names: ReadonlyMap<number, string>, reader: Reader): Comment[] {
  const repliesOf = new Map<number, CommentRow[]>();
  for (const row of rows) if (row.parentId !== null) repliesOf.set(row.parentId, [...(repliesOf.get(row.parentId) ?? []), row]);
  const comments: Comment[] = [];
  for (const row of rows) {
    if (row.parentId !== null) continue;
    const replies = (repliesOf.get(row.id) ?? []).filter((reply) => isCommentVisible(reply, reader)).map((reply) => toReply(reply, names, reader));
    // A hidden comment hides its replies from participants too.
    if (!isCommentVisible(row, reader, replies.length > 0)) continue;
    comments.push({ ...toReply(row, names, reader), replies });
  }
  return comments;
}

/** Every author (and hider) id in some rows, to look their names up at once. */
export function peopleOf(rows: readonly { authorId: number | null; hiddenBy: number | null }[]): number[] {
  return rows.flatMap((row) => [row.authorId, row.hiddenBy].filter((id): id is number => id !== null));
}
