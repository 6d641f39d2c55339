/**
 * The assistant's full-text search over lessons, shared by the review (which
 * lessons teach a question answered wrong) and the chat (which lessons a
 * question is about): PostgreSQL's Spanish configuration (stems, stop words
 * dropped) on the expression `lessons_search_idx` indexes, matching ANY
 * word of the text asked — a question rarely shares all its words with a
 * lesson, as plainto_tsquery's AND would need.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A lesson's indexed search document (title and text) for the lessons table under `alias`. */
export const lessonDocumentOf = (alias: string): SQL => sql.raw(`to_tsvector('spanish'::regconfig, ${alias}.title || ' ' || ${alias}.content_md)`);

/** A tsquery matching any stemmed word of `text` (null when no word is left, which matches nothing). */
export const anyWordQueryOf = (text: SQL): SQL => sql`(nullif(array_to_string(array(
    select '''' || replace(lexeme, '''', '''''') || ''''
    from unnest(tsvector_to_array(to_tsvector('spanish', ${text}))) lexeme
    where position(E'\\\\' in lexeme) = 0
  ), ' | '), '')::tsquery)`;

/** SQL condition: the lesson under `alias` is read by students now (ACTIVE and published). */
export const isReadableLessonSql = (alias: string): SQL => sql.raw(`(${alias}.status = 'ACTIVE' and ${alias}.published_at is not null and ${alias}.published_at <= now())`);
