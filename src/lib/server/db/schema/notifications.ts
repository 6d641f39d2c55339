/** In-app notifications (services/notifications.ts): replies, mentions and followed threads. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { forumComments, forumThreads, forums } from './forums';
import { users } from './users';

/** One thing one person should know about; unseen until they open their notifications. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'mention', 'subscription'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    forumId: integer('forum_id').references(() => forums.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id').references(() => forumThreads.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => forumComments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unseen_idx').on(t.userId).where(sql`${t.seenAt} is null`),
    check('notifications_kind_check', sql`${t.kind} in ('reply', 'mention', 'subscription')`),
  ],
);
