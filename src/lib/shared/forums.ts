/** Forum constants shared by the server and the islands (ADR 014). */

/** One's own posts may be changed or deleted this long after posting; their e-mail waits until then (Moodle's practice). */
export const FORUM_EDIT_WINDOW_MS = 30 * 60_000;
/** Top-level comments per page of a thread (each with all its replies): the page renders the first, "Ver más comentarios" appends the next. */
export const COMMENTS_PAGE_SIZE = 20;
/** Posts (threads and comments together) one participant may write per minute and per hour; moderators are not limited. */
export const FORUM_POSTS_PER_MINUTE = 6;
export const FORUM_POSTS_PER_HOUR = 60;
export const FORUM_TITLE_MAX = 200;
export const FORUM_DESCRIPTION_MAX = 2000;
export const FORUM_POST_MAX = 20_000;
export const FORUM_REPORT_REASON_MAX = 500;
/** Search terms, and how many results one search answers. */
export const FORUM_SEARCH_MAX = 200;
export const FORUM_SEARCH_RESULTS = 20;
/** People one mention search answers. */
export const MENTION_SUGGESTIONS = 8;

export const LIKE_TARGETS = ['thread', 'comment'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];
export const SUBSCRIPTION_TARGETS = ['thread', 'forum', 'cohort'] as const;
export type SubscriptionTarget = (typeof SUBSCRIPTION_TARGETS)[number];
/** How a follower gets e-mail: each post once its edit window closes, a daily or a weekly digest, or none (in the app only). */
export const SUBSCRIPTION_EMAILS = ['instant', 'daily', 'weekly', 'none'] as const;
export type SubscriptionEmail = (typeof SUBSCRIPTION_EMAILS)[number];
export const NOTIFICATION_KINDS = ['reply', 'mention', 'subscription'] as const;

/**
 * A mention in a post's Markdown: `@[Shown name](user id)`, written by the
 * editor when a person is picked from the suggestions.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,120})\]\((\d{1,10})\)/g;

/** The ids mentioned in a post, each once, in order. */
export function mentionedIdsOf(markdown: string): number[] {
  const ids = new Set<number>();
  for (const match of markdown.matchAll(MENTION_PATTERN)) ids.add(Number(match[2]));
  return [...ids];
}

/** The mention to insert for a person. */
export const mentionOf = (person: { id: number; name: string }): string => `@[${person.name.replace(/[[\]\n]/g, ' ').trim()}](${person.id})`;

/** The unseen count of the reader's notifications, sent as a live event (no event id: it is state, not history). */
export interface NotificationsEvent {
  type: 'notifications';
  unseen: number;
}
