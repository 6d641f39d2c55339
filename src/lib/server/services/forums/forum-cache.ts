/**
 * What forum pages read most, cached on every server and kept right by the
 * change feed (ADR 006, ADR 014):
 * - forum rows by id (dropped when the forum changes);
 * - people's display names by id (dropped when the user changes: an
 *   anonymised name disappears at once);
 * - versions of each thread and forum, bumped by every change to their
 *   threads, comments and events. Cached pages are keyed by version, so a
 *   page is never answered after its thread changed, whichever server wrote.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { onDataChange } from '~/lib/server/cache/change-feed';
import { getDb } from '~/lib/server/db/client';
import { cohorts, forums, programs, users } from '~/lib/server/db/schema';

export interface ForumRow {
  id: number;
  programId: number | null;
  cohortId: number | null;
  scopeName: string;
  title: string;
  description: string;
  status: 'ACTIVE' | 'INACTIVE';
}

const forumRows = defineCache<number, ForumRow>({
  ttlMs: 10 * 60_000,
  max: 10_000,
  invalidatedBy: { forums: (keys) => idsOf(keys, 'id'), programs: () => 'all', cohorts: () => 'all' },
});

/** A forum row with its program's or cohort's name (cached), or null. */
export function findForumRow(forumId: number): Promise<ForumRow | null> {
  return forumRows.getOrLoad(forumId, () => readForumRow(forumId)).catch((error: unknown) => {
    if (error === NOT_FOUND) return null;
    throw error;
  });
}

const NOT_FOUND = Symbol('not found');

/** What a forum row holds (with its program's or cohort's name): the columns to select, joined to programs and cohorts, wherever forums are read. */
export const FORUM_ROW_COLUMNS = {
  id: forums.id,
  programId: forums.programId,
  cohortId: forums.cohortId,
  scopeName: sql<string>`coalesce(${programs.name}, ${cohorts.name}, '')`,
  title: forums.title,
  description: forums.description,
  status: forums.status,
};

async function readForumRow(forumId: number): Promise<ForumRow> {
  const db = await getDb();
  const [row] = await db
    .select(FORUM_ROW_COLUMNS)
    .from(forums)
    .leftJoin(programs, eq(programs.id, forums.programId))
    .leftJoin(cohorts, eq(cohorts.id, forums.cohortId))
    .where(eq(forums.id, forumId));
  if (!row) throw NOT_FOUND;
  return row;
}

const personNames = defineCache<number, string>({ ttlMs: 10 * 60_000, max: 50_000, invalidatedBy: { users: (keys) => idsOf(keys, 'id') } });

/** Display names ("Nombre Apellido") of people by id (cached); unknown ids are left out. */
export async function getPersonNames(ids: Iterable<number>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  return personNames.getManyOrLoad(wanted, async (missing) => {
    const db = await getDb();
    const rows = await db
      .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
      .from(users)
      .where(inArray(users.id, missing));
    return new Map(rows.map((row) => [row.id, row.name]));
  });
}

// ── Versions ──────────────────────────────────────────────────────────────

const threadVersions = new Map<number, number>();
const forumVersions = new Map<number, number>();
let epoch = 0;

const bump = (versions: Map<number, number>, ids: readonly number[]) => {
  for (const id of ids) versions.set(id, (versions.get(id) ?? 0) + 1);
};

onDataChange((change) => {
  const keys = change.keys;
  switch (change.table) {
    case '*':
      epoch++;
      return;
    case 'forum_threads':
      if (!keys) return void epoch++;
      bump(threadVersions, idsOf(keys, 'id'));
      bump(forumVersions, idsOf(keys, 'forum_id'));
      return;
    case 'forum_comments':
      if (!keys) return void epoch++;
      bump(threadVersions, idsOf(keys, 'thread_id'));
      return;
    case 'forum_events':
      if (!keys) return void epoch++;
      bump(threadVersions, idsOf(keys, 'thread_id'));
      bump(forumVersions, idsOf(keys, 'forum_id'));
      return;
    case 'forums':
      if (!keys) return void epoch++;
      bump(forumVersions, idsOf(keys, 'id'));
      return;
  }
});

/** The current version of a thread's data on this server (part of every cached page key). */
export const threadVersionOf = (threadId: number): string => `${epoch}.${threadVersions.get(threadId) ?? 0}`;
/** The current version of a forum's thread list on this server. */
export const forumVersionOf = (forumId: number): string => `${epoch}.${forumVersions.get(forumId) ?? 0}`;
