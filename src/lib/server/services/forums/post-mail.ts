/**
 * Forum e-mail through the job engine (ADR 012 outbox): a post is mailed to
 * the people following it "instantly" only once its 30-minute edit window
 * has closed, so nobody is mailed a draft (Moodle's practice); followers who
 * chose a daily or weekly digest get one message listing the posts of the
 * period. Both run as pg-boss cron jobs (forums/jobs.ts); claiming a post
 * (`mailed_at`) and moving a digest's `covered_until` make them idempotent.
 */
import { and, eq, sql } from 'drizzle-orm';
import { FORUM_EDIT_WINDOW_MS, type SubscriptionEmail } from '~/lib/shared/forums';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { forumDigests, forumSubscriptions, users } from '~/lib/server/db/schema';
import { queueMail, sendQueuedMail, type MailToQueue } from '~/lib/server/services/mail/queue-mail';
import { excerptOf } from './render-post';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Posts claimed per run. */
const CLAIM_BATCH = 200;
const MAIL_EXCERPT = 600;

interface ClaimedPost {
  kind: 'thread' | 'comment';
  id: number;
  thread_id: number;
  forum_id: number;
  author_id: number | null;
  body_md: string;
  visible: boolean;
  thread_title: string;
  forum_title: string;
  program_id: number | null;
  cohort_id: number | null;
  author_name: string;
}

/** SQL condition: user `userId` reads forum row `f` now (ACTIVE, and an admin or an ACTIVE member of an ACTIVE cohort it belongs to). */
const readsForumRow = (userId: ReturnType<typeof sql>) => sql`exists (select 1 from users reader where reader.id = ${userId} and reader.status = 'ACTIVE' and reader.anonymized_at is null and (reader.user_type = 'admin'
  or exists (select 1 from memberships m join cohorts c on c.id = m.cohort_id where m.user_id = ${userId} and m.status = 'ACTIVE' and c.status = 'ACTIVE'
    and (c.id = f.cohort_id or c.program_id = f.program_id))))`;

/** SQL condition: subscription `s` follows post `p` (of forum `f`) with its e-mail `mode`. */
const followsPost = (mode: SubscriptionEmail) => sql`s.email = ${mode} and (
  (s.target_type = 'thread' and s.target_id = p.thread_id and p.kind = 'comment')
  or (s.target_type = 'forum' and s.target_id = p.forum_id)
  or (s.target_type = 'cohort' and (s.target_id = f.cohort_id or s.target_id in (select id from cohorts where program_id = f.program_id))))`;

async function claimPosts(tx: DbOrTx, closedBefore: Date): Promise<ClaimedPost[]> {
  const before = closedBefore.toISOString();
  const claimed = rowsOf<ClaimedPost>(
    await tx.execute(sql`
      with threads as (
        update forum_threads set mailed_at = now() where id in (
          select id from forum_threads where mailed_at is null and created_at <= ${before}::timestamptz order by id limit ${CLAIM_BATCH} for update skip locked)
        returning 'thread'::text as kind, id, id as thread_id, forum_id, author_id, body_md, (hidden_at is null and deleted_at is null) as visible
      ), comments as (
        update forum_comments set mailed_at = now() where id in (
          select id from forum_comments where mailed_at is null and created_at <= ${before}::timestamptz order by id limit ${CLAIM_BATCH} for update skip locked)
        returning 'comment'::text as kind, id, thread_id, forum_id, author_id, body_md, (hidden_at is null and deleted_at is null) as visible
      ), posts as (select * from threads union all select * from comments)
      select p.*, (p.visible and t.hidden_at is null and t.deleted_at is null and f.status = 'ACTIVE') as visible, t.title as thread_title, f.title as forum_title,
        f.program_id, f.cohort_id, coalesce(trim(a.first_name || ' ' || a.last_name), '') as author_name
      from posts p join forum_threads t on t.id = p.thread_id join forums f on f.id = p.forum_id left join users a on a.id = p.author_id`),
  );
  return claimed;
}

/**
 * Mails every post whose edit window has closed to its "instant" followers
 * and the people it mentions (each once, never its author, only people who
 * still read the forum);
 * hidden and deleted posts are claimed and not mailed. Answers the messages queued.
 */
export async function mailClosedPosts(now = new Date()): Promise<number> {
  const db = await getDb();
  const ids = await db.transaction(async (tx) => {
    const posts = (await claimPosts(tx, new Date(now.getTime() - FORUM_EDIT_WINDOW_MS))).filter((post) => post.visible);
    const messages: MailToQueue[] = [];
    const params: Record<string, string>[] = [];
    for (const post of posts) {
      const recipients = rowsOf<{ id: number; email: string; language: 'es' | 'en' }>(
        await tx.execute(sql`
          select distinct u.id, u.email, u.language
          from forum_subscriptions s join users u on u.id = s.user_id
          join (select ${post.kind}::text as kind, ${post.thread_id}::int as thread_id, ${post.forum_id}::int as forum_id) p on true
          join forums f on f.id = p.forum_id
          where ${followsPost('instant')} and u.id is distinct from ${post.author_id}::int and ${readsForumRow(sql`u.id`)}
          union
          -- People the post mentions are mailed it too (once its edit window closed, so an edit that removes the mention wins).
          select u.id, u.email, u.language
          from notifications n join users u on u.id = n.user_id join forums f on f.id = ${post.forum_id}::int
          where n.kind = 'mention' and n.thread_id = ${post.thread_id}::int and n.comment_id is not distinct from ${post.kind === 'comment' ? sql`${post.id}::int` : sql`null::int`}
            and u.id is distinct from ${post.author_id}::int and ${readsForumRow(sql`u.id`)}`),
      );
      const path = post.kind === 'thread' ? `/forums/threads/${post.thread_id}` : `/forums/threads/${post.thread_id}#comment-${post.id}`;
      for (const recipient of recipients) {
        messages.push({ userId: recipient.id, recipient: recipient.email, language: recipient.language, kind: 'forum_post' });
        params.push({ kind: post.kind, forum: post.forum_title, thread: post.thread_title, author: post.author_name, excerpt: excerptOf(post.body_md, MAIL_EXCERPT), path });
      }
    }
    return queueMailWithParams(tx, messages, params);
  });
  if (ids.length) await sendQueuedMail(ids);
  return ids.length;
}

async function queueMailWithParams(tx: DbOrTx, messages: MailToQueue[], params: Record<string, string>[]): Promise<number[]> {
  return queueMail(tx, messages.map((message, index) => ({ ...message, params: params[index] })));
}

const PERIOD_MS: Record<'daily' | 'weekly', number> = { daily: 24 * 60 * 60_000, weekly: 7 * 24 * 60 * 60_000 };
/** Posts one digest lists at most (it links to the forums for the rest). */
const DIGEST_MAX_POSTS = 30;

interface DigestPost {
  kind: 'thread' | 'comment';
  id: number;
  thread_id: number;
  thread_title: string;
  forum_title: string;
  author_name: string;
  body_md: string;
}

/**
 * Sends the daily or weekly digests: to each person who follows something
 * with that frequency, the posts since their last digest (up to the edit
 * window's close, so no draft), if any. Answers the messages queued.
 */
export async function sendForumDigests(frequency: 'daily' | 'weekly', now = new Date()): Promise<number> {
  const db = await getDb();
  const until = new Date(now.getTime() - FORUM_EDIT_WINDOW_MS);
  const readers = await db
    .selectDistinct({ id: users.id, email: users.email, language: users.language, coveredUntil: forumDigests.coveredUntil })
    .from(forumSubscriptions)
    .innerJoin(users, eq(users.id, forumSubscriptions.userId))
    .leftJoin(forumDigests, and(eq(forumDigests.userId, users.id), eq(forumDigests.frequency, frequency)))
    .where(and(eq(forumSubscriptions.email, frequency), eq(users.status, 'ACTIVE')));
  const ids: number[] = [];
  for (const reader of readers) {
    const since = reader.coveredUntil ?? new Date(until.getTime() - PERIOD_MS[frequency]);
    if (since >= until) continue;
    const queued = await db.transaction(async (tx) => {
      const posts = rowsOf<DigestPost>(
        await tx.execute(sql`
          select p.kind, p.id, p.thread_id, t.title as thread_title, f.title as forum_title, coalesce(trim(a.first_name || ' ' || a.last_name), '') as author_name, p.body_md
          from (
            select 'thread'::text as kind, id, id as thread_id, forum_id, author_id, body_md, created_at from forum_threads
              where deleted_at is null and hidden_at is null and created_at > ${since.toISOString()}::timestamptz and created_at <= ${until.toISOString()}::timestamptz
            union all
            select 'comment', id, thread_id, forum_id, author_id, body_md, created_at from forum_comments
              where deleted_at is null and hidden_at is null and created_at > ${since.toISOString()}::timestamptz and created_at <= ${until.toISOString()}::timestamptz
          ) p
          join forum_threads t on t.id = p.thread_id and t.deleted_at is null and t.hidden_at is null
          join forums f on f.id = p.forum_id and f.status = 'ACTIVE'
          left join users a on a.id = p.author_id
          where p.author_id is distinct from ${reader.id}::int
            and exists (select 1 from forum_subscriptions s where s.user_id = ${reader.id} and ${followsPost(frequency)})
            and ${readsForumRow(sql`${reader.id}::int`)}
          order by p.created_at limit ${DIGEST_MAX_POSTS}`),
      );
      await tx
        .insert(forumDigests)
        .values({ userId: reader.id, frequency, coveredUntil: until })
        .onConflictDoUpdate({ target: [forumDigests.userId, forumDigests.frequency], set: { coveredUntil: until } });
      if (posts.length === 0) return [];
      const lines = posts.map((post) => `${post.forum_title} › ${post.thread_title}\n${post.author_name}: ${excerptOf(post.body_md, 200)}\n${post.kind === 'thread' ? `/forums/threads/${post.thread_id}` : `/forums/threads/${post.thread_id}#comment-${post.id}`}`);
      return queueMail(tx, [{ userId: reader.id, recipient: reader.email, language: reader.language, kind: 'forum_digest', params: { frequency, count: String(posts.length), items: lines.join('\n\n') } }]);
    });
    ids.push(...queued);
  }
  if (ids.length) await sendQueuedMail(ids);
  return ids.length;
}
