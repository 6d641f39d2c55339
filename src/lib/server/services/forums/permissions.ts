/** Who reads, posts in and moderates a forum, and whom a post may mention (collected by access/permissions.ts). */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { RecordStatus, RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { cohorts, memberships, users } from '~/lib/server/db/schema';
import { isAdmin, type Caller } from '~/lib/server/access/permission-basics';
import { contentAccessOf } from '~/lib/server/services/content/permissions';

/**
 * A forum belongs to a program (every cohort following it) or to one cohort.
 * `moderate`: platform admins, and the tutors and cohort admins of an ACTIVE
 * cohort it belongs to (they create forums there, pin, lock, hide and restore
 * posts, read reports and see hidden posts with who hid them); `participate`:
 * that cohort's ACTIVE students (read, post, like, report, follow); `none`:
 * everyone else, to whom the forum does not exist (404).
 */
export type ForumAccess = 'moderate' | 'participate' | 'none';

/** The caller's forum access, given the role_ids of their ACTIVE memberships in the cohorts the forum belongs to. */
export function forumAccessOf(caller: Caller | null, activeRoleIds: readonly RoleId[]): ForumAccess {
  const access = contentAccessOf(caller, activeRoleIds);
  return access === 'manage' ? 'moderate' : access === 'read' ? 'participate' : 'none';
}

/**
 * Creating and changing forums: a cohort's, its tutors and cohort admins
 * (cohort action `manageForums`) and platform admins; a program's (shared by
 * all its cohorts), platform admins only.
 */
export function canCreateProgramForum(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 404 unless the caller may read the forum (an archived forum only for its moderators). */
export function requireReadForum(access: ForumAccess, status: RecordStatus = 'ACTIVE'): void {
  if (access === 'none' || (access !== 'moderate' && status !== 'ACTIVE')) throw new AppError('not_found');
}

/** Throws 404 when the forum is not readable, 403 when it is but the caller does not moderate it. */
export function requireModerateForum(access: ForumAccess, status: RecordStatus = 'ACTIVE'): void {
  requireReadForum(access, status);
  if (access !== 'moderate') throw new AppError('forbidden');
}

/** Moderators see hidden posts (marked, with who hid them); participants never see them. */
export function canSeeHiddenPosts(access: ForumAccess): boolean {
  return access === 'moderate';
}

/**
 * SQL condition: the user in `userId` reads the forum now (an active platform
 * admin, or an ACTIVE member of an ACTIVE cohort the forum belongs to).
 * Notifications and e-mail go only to them: someone who left the cohort is
 * not told about its forum any more.
 */
export function readsForumSql(forum: { programId: number | null; cohortId: number | null }, userId: AnyColumn | SQL): SQL {
  const scope = forum.cohortId !== null ? sql`${cohorts.id} = ${forum.cohortId}` : sql`${cohorts.programId} = ${forum.programId}`;
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.status} = 'ACTIVE' and (${users.userType} = 'admin'
    or exists (select 1 from ${memberships} inner join ${cohorts} on ${cohorts.id} = ${memberships.cohortId}
      where ${memberships.userId} = ${userId} and ${memberships.status} = 'ACTIVE' and ${cohorts.status} = 'ACTIVE' and ${scope})))`;
}

/**
 * The cohorts whose members one may mention in a forum: a cohort's forum, its
 * cohort; a program's forum, the caller's own ACTIVE cohorts following the
 * program (every cohort following it for platform admins). Mentioned people
 * read the forum by construction.
 */
export type MentionScope = { kind: 'cohorts'; cohortIds: number[] } | { kind: 'program'; programId: number };

export function mentionScopeOf(caller: Caller, forum: { programId: number | null; cohortId: number | null }, programCohortIds: readonly number[]): MentionScope {
  if (forum.cohortId !== null) return { kind: 'cohorts', cohortIds: [forum.cohortId] };
  if (isAdmin(caller)) return { kind: 'program', programId: forum.programId! };
  return { kind: 'cohorts', cohortIds: [...programCohortIds] };
}

/** SQL condition: the user in `userId` is an ACTIVE member of an ACTIVE cohort of the mention scope. */
export function inMentionScopeSql(scope: MentionScope, userId: AnyColumn | SQL): SQL {
  const cohortCondition =
    scope.kind === 'program'
      ? sql`${cohorts.programId} = ${scope.programId}`
      : scope.cohortIds.length === 0
        ? sql`false`
        : sql`${cohorts.id} in (${sql.join(scope.cohortIds.map((id) => sql`${id}`), sql`, `)})`;
  return sql`exists (select 1 from ${memberships} inner join ${cohorts} on ${cohorts.id} = ${memberships.cohortId}
    where ${memberships.userId} = ${userId} and ${memberships.status} = 'ACTIVE' and ${cohorts.status} = 'ACTIVE' and ${cohortCondition})`;
}

/**
 * A participant may post in an ACTIVE forum on a thread that is not locked;
 * moderators may always post (and answer in locked threads).
 */
export function canPostInThread(access: ForumAccess, thread: { locked: boolean }): boolean {
  return access === 'moderate' || (access === 'participate' && !thread.locked);
}

/**
 * One's own post may be changed or deleted within the edit window (the same
 * 30 minutes in which its e-mail waits, so nobody is mailed a draft); never
 * someone else's, moderators included (they hide instead).
 */
export function canEditOwnPost(caller: Caller, post: { authorId: number | null; createdAt: Date }, windowMs: number, now: Date = new Date()): boolean {
  return post.authorId === caller.id && now.getTime() - post.createdAt.getTime() <= windowMs;
}
