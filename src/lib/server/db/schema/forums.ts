/**
 * Forums (services/forums/): per program or per cohort, threads with
 * Markdown posts, comments one level deep, likes, reports, subscriptions, and
 * the live events that server-sent events replay from (realtime/).
 */
import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';
import { cohorts } from './structure';
import { programs } from './content';
import { users } from './users';

/** PostgreSQL's full-text search document; written by the database (a generated column), never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The Spanish full-text document of some text columns (forum search, ADR 014). */
const spanishDocument = (...columns: SQL[]) => sql`to_tsvector('spanish'::regconfig, ${sql.join(columns.map((column) => sql`coalesce(${column}, '')`), sql` || ' ' || `)})`;

/** A forum of a program (all its cohorts) or of one cohort: exactly one of the two. */
export const forums = pgTable(
  'forums',
  {
    id: id(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    cohortId: integer('cohort_id').references(() => cohorts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: status(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('forums_program_idx').on(t.programId),
    index('forums_cohort_idx').on(t.cohortId),
    check('forums_scope_check', sql`(${t.programId} is null) <> (${t.cohortId} is null)`),
    statusCheck('forums', t.status),
  ],
);

/** A thread: its opening post, moderation state and counters (kept in the transaction of each comment and like). */
export const forumThreads = pgTable(
  'forum_threads',
  {
    id: id(),
    forumId: integer('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    bodyMd: text('body_md').notNull(),
    /** The sanitized HTML of bodyMd, rendered when written. */
    bodyHtml: text('body_html').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** When the post's e-mail to subscribers was handled (after the edit window). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    search: tsvector('search').generatedAlwaysAs((): SQL => spanishDocument(sql`title`, sql`body_md`)),
  },
  (t) => [
    index('forum_threads_forum_idx').on(t.forumId, t.pinned, t.lastActivityAt),
    index('forum_threads_author_idx').on(t.authorId, t.createdAt),
    index('forum_threads_search_idx').using('gin', t.search),
  ],
);

/** A comment on a thread, or a reply to a top-level comment (one level deep). */
export const forumComments = pgTable(
  'forum_comments',
  {
    id: id(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    forumId: integer('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => forumComments.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    bodyMd: text('body_md').notNull(),
    bodyHtml: text('body_html').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** The idempotency key the author's browser sent (its outbox, ADR 036): the same key again answers this comment. */
    clientKey: uuid('client_key'),
    search: tsvector('search').generatedAlwaysAs((): SQL => spanishDocument(sql`body_md`)),
  },
  (t) => [
    index('forum_comments_thread_idx').on(t.threadId, t.parentId, t.id),
    uniqueIndex('forum_comments_author_client_key_unique').on(t.authorId, t.clientKey),
    index('forum_comments_author_idx').on(t.authorId, t.createdAt),
    index('forum_comments_search_idx').using('gin', t.search),
    index('forum_comments_forum_idx').on(t.forumId),
  ],
);

/** One person's like of a thread or a comment: the primary key makes a like idempotent. */
export const forumLikes = pgTable(
  'forum_likes',
  {
    targetType: text('target_type', { enum: ['thread', 'comment'] }).notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId, t.userId] }),
    index('forum_likes_user_thread_idx').on(t.userId, t.threadId),
    check('forum_likes_target_type_check', sql`${t.targetType} in ('thread', 'comment')`),
  ],
);

/** A report of a thread or comment to the forum's moderators. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: id(),
    targetType: text('target_type', { enum: ['thread', 'comment'] }).notNull(),
    targetId: integer('target_id').notNull(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    forumId: integer('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('forum_reports_once_idx').on(t.reporterId, t.targetType, t.targetId),
    index('forum_reports_forum_idx').on(t.forumId, t.resolvedAt),
    check('forum_reports_target_type_check', sql`${t.targetType} in ('thread', 'comment')`),
  ],
);

/** Following a thread, a forum or a whole cohort (its forums and its program's), with how e-mail comes. */
export const forumSubscriptions = pgTable(
  'forum_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['thread', 'forum', 'cohort'] }).notNull(),
    targetId: integer('target_id').notNull(),
    email: text('email', { enum: ['instant', 'daily', 'weekly', 'none'] }).notNull().default('instant'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('forum_subscriptions_once_idx').on(t.userId, t.targetType, t.targetId),
    index('forum_subscriptions_target_idx').on(t.targetType, t.targetId),
    check('forum_subscriptions_target_type_check', sql`${t.targetType} in ('thread', 'forum', 'cohort')`),
    check('forum_subscriptions_email_check', sql`${t.email} in ('instant', 'daily', 'weekly', 'none')`),
  ],
);

/** Until when each person's daily and weekly digests have covered posts. */
export const forumDigests = pgTable(
  'forum_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['daily', 'weekly'] }).notNull(),
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.frequency] })],
);

/**
 * What happened in a forum, in order: new threads and comments, edits, likes,
 * moderation. Server-sent events replay it from a reader's last event id
 * (realtime/); kept a day.
 */
export const forumEvents = pgTable(
  'forum_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    forumId: integer('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id'),
    kind: text('kind').notNull(),
    /** What every reader receives (null: moderators only, e.g. inside a hidden thread). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** Merged over the payload for the forum's moderators (who hid a post). */
    staffPayload: jsonb('staff_payload').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('forum_events_forum_idx').on(t.forumId, t.id), index('forum_events_thread_idx').on(t.threadId, t.id), index('forum_events_created_idx').on(t.createdAt)],
);
