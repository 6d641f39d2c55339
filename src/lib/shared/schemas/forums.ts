/**
 * Forums, threads, comments, likes, reports and subscriptions: what the API
 * reads and answers (contract §7 "forums, comments and likes"). Posts are
 * Markdown; answers carry the server's sanitized HTML.
 */
import { z } from 'zod';
import {
  FORUM_DESCRIPTION_MAX,
  FORUM_POST_MAX,
  FORUM_REPORT_REASON_MAX,
  FORUM_SEARCH_MAX,
  FORUM_TITLE_MAX,
  LIKE_TARGETS,
  NOTIFICATION_KINDS,
  SUBSCRIPTION_EMAILS,
  SUBSCRIPTION_TARGETS,
} from '~/lib/shared/forums';
import { RECORD_STATUSES } from '~/lib/shared/constants';
import { PageQuerySchema } from '~/lib/shared/pagination';
import { ClientKeySchema, IdSchema, SessionBodySchema, textSchema } from './common';

const date = z.string().meta({ format: 'date-time' });
const titleField = textSchema('validation.required.title').trim().min(1, 'validation.required.title').max(FORUM_TITLE_MAX, 'validation.length.max');
const postField = textSchema('validation.forum.body').trim().min(1, 'validation.forum.body').max(FORUM_POST_MAX, 'validation.length.max');
const booleanField = z.boolean({ message: 'validation.invalid_type' });

export const PersonRefSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'PersonRef' });
export type PersonRef = z.infer<typeof PersonRefSchema>;

// ── Forums ────────────────────────────────────────────────────────────────

export const ForumParamsSchema = z.object({ id: IdSchema });
/** `?program=` or `?cohort=`; none lists every forum the caller reads. */
export const ForumsQuerySchema = z.object({ program: IdSchema.optional(), cohort: IdSchema.optional() });

export const ForumSchema = z
  .object({
    id: z.number().int(),
    programId: z.number().int().nullable(),
    cohortId: z.number().int().nullable(),
    /** The program's or the cohort's name. */
    scopeName: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(RECORD_STATUSES),
    threadCount: z.number().int(),
    lastActivityAt: date.nullable(),
    /** Whether the caller moderates it (creates threads like everyone, and pins, locks, hides). */
    canModerate: z.boolean(),
  })
  .meta({ id: 'Forum' });
export type Forum = z.infer<typeof ForumSchema>;

export const CreateForumBodySchema = SessionBodySchema.extend({
  program: IdSchema.optional(),
  cohort: IdSchema.optional(),
  title: titleField,
  description: textSchema().trim().max(FORUM_DESCRIPTION_MAX, 'validation.length.max').default(''),
})
  .refine((body) => (body.program === undefined) !== (body.cohort === undefined), { path: ['cohort'], message: 'validation.forum.scope' })
  .meta({ id: 'CreateForumBody' });
export type CreateForumBody = z.infer<typeof CreateForumBodySchema>;

export const UpdateForumBodySchema = SessionBodySchema.extend({
  title: titleField.optional(),
  description: textSchema().trim().max(FORUM_DESCRIPTION_MAX, 'validation.length.max').optional(),
  status: z.enum(RECORD_STATUSES, { message: 'validation.status.invalid' }).optional(),
}).meta({ id: 'UpdateForumBody' });
export type UpdateForumBody = z.infer<typeof UpdateForumBodySchema>;

// ── Threads ───────────────────────────────────────────────────────────────

export const ThreadsQuerySchema = PageQuerySchema;

export const ThreadSummarySchema = z
  .object({
    id: z.number().int(),
    forumId: z.number().int(),
    title: z.string(),
    excerpt: z.string(),
    author: PersonRefSchema.nullable(),
    pinned: z.boolean(),
    locked: z.boolean(),
    /** Hidden by a moderator (only moderators see such a thread). */
    hidden: z.boolean(),
    commentCount: z.number().int(),
    likeCount: z.number().int(),
    createdAt: date,
    lastActivityAt: date,
  })
  .meta({ id: 'ThreadSummary' });
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

/** Who hid a post and when: moderators only. */
export const HiddenInfoSchema = z.object({ by: PersonRefSchema.nullable(), at: date }).meta({ id: 'HiddenInfo' });

export const ThreadSchema = ThreadSummarySchema.extend({
  bodyMd: z.string(),
  bodyHtml: z.string(),
  editedAt: date.nullable(),
  hiddenInfo: HiddenInfoSchema.nullable(),
  likedByMe: z.boolean(),
}).meta({ id: 'Thread' });
export type Thread = z.infer<typeof ThreadSchema>;

export const CreateThreadBodySchema = SessionBodySchema.extend({ title: titleField, body: postField }).meta({ id: 'CreateThreadBody' });
export type CreateThreadBody = z.infer<typeof CreateThreadBodySchema>;

/** An author's edit (title, body) or a moderator's change (pinned, locked, hidden). */
export const UpdateThreadBodySchema = SessionBodySchema.extend({
  title: titleField.optional(),
  body: postField.optional(),
  pinned: booleanField.optional(),
  locked: booleanField.optional(),
  hidden: booleanField.optional(),
}).meta({ id: 'UpdateThreadBody' });
export type UpdateThreadBody = z.infer<typeof UpdateThreadBodySchema>;

// ── Comments ──────────────────────────────────────────────────────────────

export const CommentParamsSchema = z.object({ id: IdSchema });
export const CommentsQuerySchema = PageQuerySchema.extend({ thread: IdSchema });

const commentShape = {
  id: z.number().int(),
  threadId: z.number().int(),
  parentId: z.number().int().nullable(),
  author: PersonRefSchema.nullable(),
  bodyMd: z.string(),
  bodyHtml: z.string(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: date,
  editedAt: date.nullable(),
  hidden: z.boolean(),
  hiddenInfo: HiddenInfoSchema.nullable(),
  /** Deleted by its author: kept (without its text) while it has replies. */
  deleted: z.boolean(),
};
export const ReplySchema = z.object(commentShape).meta({ id: 'Reply' });
export const CommentSchema = z.object({ ...commentShape, replies: z.array(ReplySchema) }).meta({ id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;
export type Reply = z.infer<typeof ReplySchema>;

export const CreateCommentBodySchema = SessionBodySchema.extend({
  thread: IdSchema,
  /** A top-level comment to reply to (replies are one level deep). */
  parent: IdSchema.optional(),
  body: postField,
  /** Sent again with the same key, the comment is not posted twice (the browser's outbox, ADR 036). */
  clientKey: ClientKeySchema.optional(),
}).meta({ id: 'CreateCommentBody' });
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

export const UpdateCommentBodySchema = SessionBodySchema.extend({ body: postField.optional(), hidden: booleanField.optional() }).meta({ id: 'UpdateCommentBody' });
export type UpdateCommentBody = z.infer<typeof UpdateCommentBodySchema>;

// ── Likes, reports, search, mentions ────────────────────────────────────

export const LikeBodySchema = SessionBodySchema.extend({
  targetType: z.enum(LIKE_TARGETS, { message: 'validation.forum.target' }),
  targetId: IdSchema,
  /** The state wanted (not a toggle of the stored one): sending it twice changes nothing. */
  liked: booleanField,
}).meta({ id: 'LikeBody' });
export type LikeBody = z.infer<typeof LikeBodySchema>;

export const LikeStateSchema = z
  .object({ targetType: z.enum(LIKE_TARGETS), targetId: z.number().int(), liked: z.boolean(), likeCount: z.number().int() })
  .meta({ id: 'LikeState' });
export type LikeState = z.infer<typeof LikeStateSchema>;

export const ReportBodySchema = SessionBodySchema.extend({
  targetType: z.enum(LIKE_TARGETS, { message: 'validation.forum.target' }),
  targetId: IdSchema,
  reason: textSchema().trim().max(FORUM_REPORT_REASON_MAX, 'validation.length.max').default(''),
}).meta({ id: 'ReportBody' });
export type ReportBody = z.infer<typeof ReportBodySchema>;

export const ReportSchema = z
  .object({
    id: z.number().int(),
    targetType: z.enum(LIKE_TARGETS),
    targetId: z.number().int(),
    threadId: z.number().int(),
    threadTitle: z.string(),
    excerpt: z.string(),
    reporter: PersonRefSchema.nullable(),
    reason: z.string(),
    createdAt: date,
    resolvedAt: date.nullable(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;
export const ReportsQuerySchema = PageQuerySchema.extend({ open: z.enum(['true', 'false'], { message: 'validation.invalid_value' }).default('true') });
export const ReportParamsSchema = z.object({ id: IdSchema });
export const ResolveReportBodySchema = SessionBodySchema.extend({ resolved: booleanField }).meta({ id: 'ResolveReportBody' });

export const SearchQuerySchema = z.object({
  q: textSchema('validation.forum.search').trim().min(1, 'validation.forum.search').max(FORUM_SEARCH_MAX, 'validation.length.max'),
});
export const SearchResultSchema = z
  .object({
    threadId: z.number().int(),
    threadTitle: z.string(),
    commentId: z.number().int().nullable(),
    /** Plain text with the matches between U+E000 and U+E001 (the page marks them). */
    snippet: z.string(),
    author: PersonRefSchema.nullable(),
    createdAt: date,
  })
  .meta({ id: 'ForumSearchResult' });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const MembersQuerySchema = z.object({ search: textSchema().trim().max(100, 'validation.length.max').default('') });

// ── Subscriptions ─────────────────────────────────────────────────────────

export const SubscriptionSchema = z
  .object({
    id: z.number().int(),
    targetType: z.enum(SUBSCRIPTION_TARGETS),
    targetId: z.number().int(),
    targetName: z.string(),
    email: z.enum(SUBSCRIPTION_EMAILS),
  })
  .meta({ id: 'ForumSubscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscribeBodySchema = SessionBodySchema.extend({
  targetType: z.enum(SUBSCRIPTION_TARGETS, { message: 'validation.forum.target' }),
  targetId: IdSchema,
  email: z.enum(SUBSCRIPTION_EMAILS, { message: 'validation.forum.email' }).default('instant'),
}).meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;
export const SubscriptionParamsSchema = z.object({ id: IdSchema });

// ── Notifications ─────────────────────────────────────────────────────────

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    actor: PersonRefSchema.nullable(),
    forumId: z.number().int().nullable(),
    threadId: z.number().int().nullable(),
    threadTitle: z.string().nullable(),
    commentId: z.number().int().nullable(),
    createdAt: date,
    seen: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;
export const UnseenCountSchema = z.object({ unseen: z.number().int() }).meta({ id: 'UnseenCount' });
export const MarkSeenBodySchema = SessionBodySchema.extend({ upTo: IdSchema.optional() }).meta({ id: 'MarkSeenBody' });

// ── Live events ───────────────────────────────────────────────────────────

/** `?forum=` or `?thread=` (or neither: the caller's notifications only); `after`: the last event id the page already shows. */
export const EventsQuerySchema = z.object({
  forum: IdSchema.optional(),
  thread: IdSchema.optional(),
  after: z.coerce.number({ message: 'validation.invalid_value' }).int('validation.invalid_value').min(0, 'validation.number.min').max(Number.MAX_SAFE_INTEGER, 'validation.number.max').optional(),
});

// ── A thread's page ───────────────────────────────────────────────────────

export const ThreadPageQuerySchema = PageQuerySchema;
export const ThreadPageSchema = z
  .object({
    thread: ThreadSchema,
    /** One page of top-level comments with all their replies. */
    comments: z.array(CommentSchema),
    page: z.number().int(),
    /** Top-level comments in the thread, and how many make a page. */
    topLevelCount: z.number().int(),
    pageSize: z.number().int(),
    /** The last live event this answer includes: a stream opened with `after=` this continues exactly from here. */
    lastEventId: z.number().int(),
    following: z.enum(SUBSCRIPTION_EMAILS).nullable(),
    /** The follow's id, to stop following. */
    followId: z.number().int().nullable(),
    canModerate: z.boolean(),
    /** Whether the caller may comment (a participant cannot in a locked thread or an archived forum). */
    canPost: z.boolean(),
    forum: z.object({ id: z.number().int(), title: z.string(), scopeName: z.string() }),
  })
  .meta({ id: 'ThreadPage' });
export type ThreadPage = z.infer<typeof ThreadPageSchema>;
