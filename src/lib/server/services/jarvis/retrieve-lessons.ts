/**
 * The lessons a chat question is about: the review's full-text search
 * (lesson-search.ts: any word of the question, Spanish stems) over the
 * lessons a student reads now of the courses given; the best ranked first,
 * each with a short excerpt around the words found.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';
import { anyWordQueryOf, isReadableLessonSql, lessonDocumentOf } from './lesson-search';

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

/** The first words of the question: enough for any question, few enough for a quick query. */
const searchTextOf = (question: string): string => (question.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS).join(' ');

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
  const text = searchTextOf(question);
  if (courseIds.length === 0 || !text) return [];
  const db = await getDb();
  const query = anyWordQueryOf(sql`${text}::text`);
  const result = await db.execute(sql`
    with asked as (select ${query} as terms),
    best as (
      select l.id, l.title, l.content_md, c.name as course_name, ts_rank(${lessonDocumentOf('l')}, asked.terms) as rank, asked.terms
      from asked, lessons l join courses c on c.id = l.course_id
      where l.course_id in (${sql.join(
        courseIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and ${isReadableLessonSql('l')} and c.status = 'ACTIVE'
        and ${lessonDocumentOf('l')} @@ asked.terms
      order by rank desc, l.id
      limit ${limit}
    )
    select id, title, course_name, ts_headline('spanish', content_md, terms, ${EXCERPT_OPTIONS}) as excerpt
    from best order by rank desc, id`);
  return rowsOf<Row>(result).map((row) => ({ id: row.id, title: row.title, courseName: row.course_name, url: `/lessons/${row.id}`, excerpt: plainTextOf(row.excerpt) }));
}
