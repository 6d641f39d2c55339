/**
 * Searching a forum with PostgreSQL full-text search in Spanish (the
 * `spanish` configuration: stems, so "lecciones" finds "lección", and stop
 * words), over threads' titles and texts and comments' texts, on PGlite and
 * PostgreSQL alike (ADR 014). Hidden posts are searched for moderators only;
 * deleted ones never.
 */
import { sql } from 'drizzle-orm';
import { FORUM_SEARCH_RESULTS } from '~/lib/shared/forums';
import type { SearchResult } from '~/lib/shared/schemas/forums';
import { findForumWithAccess } from '~/lib/server/access/loaders';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { getPersonNames } from './forum-cache';

/** Matches travel between these private-use characters (never HTML: the page escapes the text and marks them). */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

interface Row {
  thread_id: number;
  thread_title: string;
  comment_id: number | null;
  snippet: string;
  author_id: number | null;
  created_at: string | Date;
}

/** The best matches in a forum (up to FORUM_SEARCH_RESULTS), threads and comments together, by relevance then recency. */
export async function searchForum(caller: Caller, forumId: number, terms: string): Promise<SearchResult[]> {
  const { access } = await findForumWithAccess(caller, forumId);
  const moderates = access === 'moderate';
  const db = await getDb();
  const query = sql`websearch_to_tsquery('spanish', ${terms})`;
  const visibleThread = moderates ? sql`t.deleted_at is null` : sql`t.deleted_at is null and t.hidden_at is null`;
  const visibleComment = moderates ? sql`c.deleted_at is null` : sql`c.deleted_at is null and c.hidden_at is null`;
  const options = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
  const result = await db.execute(sql`
    with matches as (
      select t.id as thread_id, t.title as thread_title, null::int as comment_id, t.title || ' — ' || t.body_md as text, t.author_id, t.created_at, ts_rank(t.search, ${query}) as rank
      from forum_threads t where t.forum_id = ${forumId} and ${visibleThread} and t.search @@ ${query}
      union all
      select t.id, t.title, c.id, c.body_md, c.author_id, c.created_at, ts_rank(c.search, ${query})
      from forum_comments c join forum_threads t on t.id = c.thread_id
      where c.forum_id = ${forumId} and ${visibleComment} and ${visibleThread} and c.search @@ ${query}
    ), best as (select * from matches order by rank desc, created_at desc limit ${FORUM_SEARCH_RESULTS})
    select thread_id, thread_title, comment_id, ts_headline('spanish', text, ${query}, ${options}) as snippet, author_id, created_at
    from best order by rank desc, created_at desc`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
  const names = await getPersonNames(rows.flatMap((row) => (row.author_id ? [row.author_id] : [])));
  return rows.map((row) => ({
    threadId: row.thread_id,
    threadTitle: row.thread_title,
    commentId: row.comment_id,
    // Mentions read as names.
    snippet: row.snippet.replace(/@\[([^\]\n]{1,120})\]\(\d{1,10}\)/g, '@$1'),
    author: row.author_id ? { id: row.author_id, name: names.get(row.author_id) ?? '' } : null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
