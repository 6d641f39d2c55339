/** The rules every post (a thread's opening post or a comment) goes through: rate limits, the edit window, mentions. */
import { and, inArray, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { FORUM_EDIT_WINDOW_MS, FORUM_POSTS_PER_HOUR, FORUM_POSTS_PER_MINUTE, mentionedIdsOf } from '~/lib/shared/forums';
import { canEditOwnPost, inMentionScopeSql, type Caller, type ForumAccess, type MentionScope } from '~/lib/server/access/permissions';
import type { DbOrTx } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Refuses a participant's post past FORUM_POSTS_PER_MINUTE in a minute or
 * FORUM_POSTS_PER_HOUR in an hour (429 with Retry-After), counted from their
 * posts in the database, so every server counts the same; moderators are not
 * limited. One person's posts are counted one at a time (an advisory lock of
 * the transaction), so a burst of requests cannot slip past together.
 */
export async function requirePostingAllowed(tx: DbOrTx, caller: Caller, access: ForumAccess, now = new Date()): Promise<void> {
  if (access === 'moderate') return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('forum-posts'), ${caller.id})`);
  const result = await tx.execute(sql`
    select count(*) filter (where created_at > ${new Date(now.getTime() - MINUTE_MS).toISOString()}::timestamptz)::int as minute,
           count(*)::int as hour,
           min(created_at) filter (where created_at > ${new Date(now.getTime() - MINUTE_MS).toISOString()}::timestamptz) as oldest_in_minute,
           min(created_at) as oldest_in_hour
    from (
      select created_at from forum_threads where author_id = ${caller.id} and created_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz
      union all
      select created_at from forum_comments where author_id = ${caller.id} and created_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz
    ) posts`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { minute: number; hour: number; oldest_in_minute: string | Date | null; oldest_in_hour: string | Date | null }[];
  const counts = rows[0]!;
  const retryAfter = (oldest: string | Date | null, windowMs: number) => Math.max(1, Math.ceil((new Date(oldest ?? now).getTime() + windowMs - now.getTime()) / 1000));
  if (counts.minute >= FORUM_POSTS_PER_MINUTE) throw rateLimited(retryAfter(counts.oldest_in_minute, MINUTE_MS));
  if (counts.hour >= FORUM_POSTS_PER_HOUR) throw rateLimited(retryAfter(counts.oldest_in_hour, HOUR_MS));
}

const rateLimited = (seconds: number) => new AppError('rate_limited', { params: { count: seconds }, headers: { 'Retry-After': String(seconds) } });

/** Throws unless the caller may still change their own post: someone else's is 403, their own past the window 409. */
export function requireEditable(caller: Caller, post: { authorId: number | null; createdAt: Date }, now = new Date()): void {
  if (post.authorId !== caller.id) throw new AppError('forbidden');
  if (!canEditOwnPost(caller, post, FORUM_EDIT_WINDOW_MS, now)) throw new AppError('edit_window_closed');
}

/** The people a post mentions who may be mentioned there (members of the mention scope, not the author), each once. */
export async function resolveMentions(tx: DbOrTx, markdown: string, scope: MentionScope, authorId: number): Promise<number[]> {
  const ids = mentionedIdsOf(markdown).filter((id) => id !== authorId && id <= 2_147_483_647);
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.status} = 'ACTIVE'`, inMentionScopeSql(scope, users.id)));
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}
