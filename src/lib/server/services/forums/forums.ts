/**
 * Forums of programs and cohorts: listing those the caller reads (with
 * their thread counts and last activity), creating and changing them, and
 * the people one may mention in one.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { MENTION_SUGGESTIONS } from '~/lib/shared/forums';
import type { CreateForumBody, Forum, PersonRef, UpdateForumBody } from '~/lib/shared/schemas/forums';
import { findForumWithAccess, getForumAccess, getMentionScope, getProgramAccess, requireCohortAccess } from '~/lib/server/access/loaders';
import { canCreateProgramForum, canInCohort, inMentionScopeSql, isAdmin, requireReadForum, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohorts, forums, forumThreads, programs, users } from '~/lib/server/db/schema';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';
import { FORUM_ROW_COLUMNS, findForumRow } from './forum-cache';
import { containsPattern } from '~/lib/server/db/like-pattern';

export interface ForumFilter {
  program?: number;
  cohort?: number;
}

/**
 * The forums the caller reads: of the cohorts they are an ACTIVE member of
 * and of those cohorts' programs (platform admins: all), optionally of one
 * program or cohort; archived ones for their moderators only. Newest activity first.
 */
export async function listForums(caller: Caller, filter: ForumFilter = {}): Promise<Forum[]> {
  if (filter.cohort !== undefined) await requireCohortAccess(caller, filter.cohort, 'view');
  if (filter.program !== undefined && (await getProgramAccess(caller, filter.program)) === 'none') throw new AppError('not_found');
  const catalogs = isAdmin(caller) ? [] : await listActiveCatalogsOf(caller.id);
  const cohortIds = catalogs.map(({ catalog }) => catalog.cohort.id);
  const programIds = [...new Set(catalogs.flatMap(({ catalog }) => (catalog.cohort.programId === null ? [] : [catalog.cohort.programId])))];
  const readable: SQL | undefined = isAdmin(caller)
    ? undefined
    : or(cohortIds.length ? inArray(forums.cohortId, cohortIds) : sql`false`, programIds.length ? inArray(forums.programId, programIds) : sql`false`);
  const scope = and(
    readable,
    filter.program !== undefined ? eq(forums.programId, filter.program) : undefined,
    filter.cohort !== undefined ? eq(forums.cohortId, filter.cohort) : undefined,
  );
  const db = await getDb();
  const rows = await db
    .select({
      ...FORUM_ROW_COLUMNS,
      threadCount: sql<number>`(select count(*)::int from ${forumThreads} where ${forumThreads.forumId} = ${forums.id} and ${forumThreads.deletedAt} is null and ${forumThreads.hiddenAt} is null)`,
      lastActivityAt: sql<Date | string | null>`(select max(${forumThreads.lastActivityAt}) from ${forumThreads} where ${forumThreads.forumId} = ${forums.id} and ${forumThreads.deletedAt} is null)`,
    })
    .from(forums)
    .leftJoin(programs, eq(programs.id, forums.programId))
    .leftJoin(cohorts, eq(cohorts.id, forums.cohortId))
    .where(scope)
    .orderBy(desc(forums.id));
  const results: Forum[] = [];
  for (const row of rows) {
    const access = await getForumAccess(caller, row);
    if (access === 'none' || (row.status !== 'ACTIVE' && access !== 'moderate')) continue;
    results.push({ ...row, lastActivityAt: row.lastActivityAt ? new Date(row.lastActivityAt).toISOString() : null, canModerate: access === 'moderate' });
  }
  return results.sort((a, b) => (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? '') || b.id - a.id);
}

/** One forum the caller reads. */
export async function getForum(caller: Caller, forumId: number): Promise<Forum> {
  const { forum, access } = await findForumWithAccess(caller, forumId);
  const db = await getDb();
  const [stats] = await db
    .select({ threadCount: sql<number>`count(*)::int`, lastActivityAt: sql<Date | string | null>`max(${forumThreads.lastActivityAt})` })
    .from(forumThreads)
    .where(and(eq(forumThreads.forumId, forumId), isNull(forumThreads.deletedAt), isNull(forumThreads.hiddenAt)));
  return { ...forum, threadCount: stats?.threadCount ?? 0, lastActivityAt: stats?.lastActivityAt ? new Date(stats.lastActivityAt).toISOString() : null, canModerate: access === 'moderate' };
}

/** Throws unless the caller may create or change forums of that program (platform admins) or cohort (its tutors and cohort admins). */
async function requireManageForumsOf(caller: Caller, scope: { programId: number | null; cohortId: number | null }): Promise<void> {
  if (scope.cohortId !== null) {
    await requireCohortAccess(caller, scope.cohortId, 'manageForums');
    return;
  }
  if ((await getProgramAccess(caller, scope.programId!)) === 'none') throw new AppError('not_found');
  if (!canCreateProgramForum(caller)) throw new AppError('forbidden');
}

/** Creates a forum in a program or a cohort. */
export async function createForum(caller: Caller, input: CreateForumBody): Promise<Forum> {
  const scope = { programId: input.program ?? null, cohortId: input.cohort ?? null };
  if (scope.programId !== null) {
    const db = await getDb();
    const [program] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, scope.programId));
    if (!program) throw new AppError('not_found');
  }
  await requireManageForumsOf(caller, scope);
  const db = await getDb();
  const [row] = await db.insert(forums).values({ ...scope, title: input.title, description: input.description, createdBy: caller.id }).returning({ id: forums.id });
  return getForum(caller, row!.id);
}

/** Renames, describes, archives or restores a forum (whoever may create it there). */
export async function updateForum(caller: Caller, forumId: number, input: UpdateForumBody): Promise<Forum> {
  const forum = await findForumRow(forumId);
  if (!forum) throw new AppError('not_found');
  requireReadForum(await getForumAccess(caller, forum), forum.status);
  await requireManageForumsOf(caller, forum);
  const changes = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.status !== undefined && { status: input.status }),
  };
  if (Object.keys(changes).length > 0) {
    const db = await getDb();
    await db.update(forums).set({ ...changes, updatedAt: new Date() }).where(eq(forums.id, forumId));
  }
  return getForum(caller, forumId);
}

/** People the caller may mention in a forum whose name contains `search` (not themselves), for the editor's suggestions. */
export async function searchMentionable(caller: Caller, forumId: number, search: string): Promise<PersonRef[]> {
  const { forum } = await findForumWithAccess(caller, forumId);
  const scope = await getMentionScope(caller, forum);
  const db = await getDb();
  const name = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
  const pattern = containsPattern(search.toLowerCase());
  return db
    .select({ id: users.id, name })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), sql`${users.id} <> ${caller.id}`, isNull(users.anonymizedAt), sql`lower(${name}) like ${pattern}`, inMentionScopeSql(scope, users.id)))
    .orderBy(name)
    .limit(MENTION_SUGGESTIONS);
}

/** Where the caller may open a forum (the "new forum" form's choices): cohorts they are staff of; every ACTIVE cohort and every program for platform admins. */
export async function listForumScopes(caller: Caller): Promise<{ cohorts: { id: number; name: string }[]; programs: { id: number; name: string }[] }> {
  if (isAdmin(caller)) {
    const db = await getDb();
    const [cohortRows, programRows] = await Promise.all([
      db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).where(eq(cohorts.status, 'ACTIVE')).orderBy(cohorts.name).limit(500),
      db.select({ id: programs.id, name: programs.name }).from(programs).orderBy(programs.name).limit(500),
    ]);
    return { cohorts: cohortRows, programs: programRows };
  }
  const catalogs = await listActiveCatalogsOf(caller.id);
  return { cohorts: catalogs.filter(({ roleId }) => canInCohort(caller, roleId, 'manageForums')).map(({ catalog }) => ({ id: catalog.cohort.id, name: catalog.cohort.name })), programs: [] };
}
