/**
 * The lessons a chat question is about: PostgreSQL full-text search with the
 * Spanish configuration (stems and stop words, as the forum search and the
 * review lessons use) over the title and text of the lessons a student
 * reads now (ACTIVE, published, of the courses given), on the same
 * expression as the `lessons_search_idx` index. Any word of the question may
 * match (a question is not a list of required terms); the best ranked come
 * first, each with a short excerpt around the words found.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';

export interface RetrievedLesson {
  id: number;
  title: string;
  courseName: string;
  url: string;
  excerpt: string;
}

/** Words sent to the search: enough for any question, few enough for a quick query. */
const MAX_SEARCH_WORDS = 30;
const EXCERPT_OPTIONS = 'MaxWords=40, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""';
const EXCERPT_MAX_CHARS = 400;

interface Row {
  id: number;
  title: string;
  course_name: string;
  excerpt: string;
}

/** The search's terms: the question's words joined by `or` (websearch syntax; punctuation and operators dropped). */
function searchTermsOf(question: string): string {
  const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => word.toLowerCase() !== 'or')
    .slice(0, MAX_SEARCH_WORDS)
    .join(' or ');
}

/** Markdown reads as plain text in an excerpt (headings, emphasis, links' addresses). */
const plainTextOf = (markdown: string) =>
  markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EXCERPT_MAX_CHARS);

/** The `limit` lessons of these courses that best match the question (none for a question without searchable words). */
export async function retrieveLessons(courseIds: readonly number[], question: string, limit = 3): Promise<RetrievedLesson[]> {
  const terms = searchTermsOf(question);
  if (courseIds.length === 0 || !terms) return [];
  const db = await getDb();
  const query = sql`websearch_to_tsquery('spanish', ${terms})`;
  const document = sql`to_tsvector('spanish'::regconfig, l.title || ' ' || l.content_md)`;
  const result = await db.execute(sql`
    with best as (
      select l.id, l.title, l.content_md, c.name as course_name, ts_rank(${document}, ${query}) as rank
      from lessons l join courses c on c.id = l.course_id
      where l.course_id in (${sql.join(
        courseIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and l.status = 'ACTIVE' and c.status = 'ACTIVE'
        and l.published_at is not null and l.published_at <= now()
        and ${document} @@ ${query}
      order by rank desc, l.id
      limit ${limit}
    )
    select id, title, course_name, ts_headline('spanish', content_md, ${query}, ${EXCERPT_OPTIONS}) as excerpt
    from best order by rank desc, id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
  return rows.map((row) => ({ id: row.id, title: row.title, courseName: row.course_name, url: `/lessons/${row.id}`, excerpt: plainTextOf(row.excerpt) }));
}
