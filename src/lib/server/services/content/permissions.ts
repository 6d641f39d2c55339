/** Who reads and who manages programs, courses and lessons, and what a release shows a student (collected by access/permissions.ts). */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ROLE_IDS, type RecordStatus, type RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { cohorts, memberships } from '~/lib/server/db/schema';
import { activeMembershipOf, canOpenAdmin, isAdmin, MANAGER_ROLE_IDS, type Caller, type Membership } from '~/lib/server/access/permission-basics';

/**
 * Content (programs, courses, lessons) of a program: what a caller may do with it.
 * `manage`: platform admins, and tutors / cohort admins of an ACTIVE cohort using
 * the program; `read`: its students; `none`: everyone else (answered as 404).
 */
export type ContentAccess = 'manage' | 'read' | 'none';

/** The caller's content access, given the role_ids of their ACTIVE memberships in cohorts using the program. */
export function contentAccessOf(caller: Caller | null, activeRoleIds: readonly RoleId[]): ContentAccess {
  if (!caller) return 'none';
  if (isAdmin(caller)) return 'manage';
  if (activeRoleIds.some((roleId) => MANAGER_ROLE_IDS.includes(roleId))) return 'manage';
  if (activeRoleIds.includes(ROLE_IDS.student)) return 'read';
  return 'none';
}

/** Readers see ACTIVE content only; managers also see what is archived. */
export function canReadContent(access: ContentAccess, status: RecordStatus = 'ACTIVE'): boolean {
  return access === 'manage' || (access === 'read' && status === 'ACTIVE');
}

/** Throws 404 unless the content is readable: another cohort's content simply does not exist. */
export function requireReadContent(access: ContentAccess, status: RecordStatus = 'ACTIVE'): void {
  if (!canReadContent(access, status)) throw new AppError('not_found');
}

/** Throws 404 when the content is not even readable, 403 when it is readable but not manageable. */
export function requireManageContent(access: ContentAccess, status: RecordStatus = 'ACTIVE'): void {
  requireReadContent(access, status);
  if (access !== 'manage') throw new AppError('forbidden');
}

/** Managers (not readers) open a course's or lesson's admin screens; for everyone else they do not exist (404). */
export function canManageContent(access: ContentAccess): boolean {
  return access === 'manage';
}

/**
 * Previewing lesson Markdown is for whoever may manage some content: platform
 * admins, and tutors and cohort admins of an ACTIVE cohort (the admin screens' users).
 */
export function canPreviewLessonContent(caller: Caller | null, list: readonly Membership[]): boolean {
  return canOpenAdmin(caller, list);
}

/** Throws 403 unless the caller may preview lesson Markdown. */
export function requirePreviewLessonContent(caller: Caller | null, list: readonly Membership[]): void {
  if (!canPreviewLessonContent(caller, list)) throw new AppError('forbidden');
}

/** Creating programs and courses, and changing programs, is for platform admins. */
export function canManagePrograms(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may create programs and courses or change programs. */
export function requireManagePrograms(caller: Caller | null): void {
  if (!canManagePrograms(caller)) throw new AppError('forbidden');
}

/**
 * SQL condition: the program in `programId` is used by an ACTIVE cohort where
 * the user has an ACTIVE membership (optionally only with a managing role).
 * Scopes list queries so other cohorts' programs never appear.
 */
export function programUsedByActiveMembershipOf(userId: number, programId: AnyColumn, options: { managing?: boolean } = {}): SQL {
  const roleCondition = options.managing ? sql` and ${memberships.roleId} in (${ROLE_IDS.tutor}, ${ROLE_IDS.cohortAdmin})` : sql``;
  return sql`exists (select 1 from ${memberships} inner join ${cohorts} on ${cohorts.id} = ${memberships.cohortId}
    where ${cohorts.programId} = ${programId} and ${activeMembershipOf(userId)}${roleCondition})`;
}

// ── Releases (drip) ───────────────────────────────────────────────────────

/** Where a course stands for a student: released to one of their cohorts, scheduled for a date, or not released. */
export type ReleaseState = { kind: 'released' } | { kind: 'scheduled'; at: Date } | { kind: 'unreleased' };

/**
 * Students see a course once it is released or scheduled to one of their
 * cohorts, and its lessons only from the release date; before that its
 * content does not exist for them (404). Managers see everything.
 */
export function releasedAccessOf(access: ContentAccess, release: ReleaseState, need: 'course' | 'content'): ContentAccess {
  if (access !== 'read') return access;
  if (release.kind === 'released') return 'read';
  return need === 'course' && release.kind === 'scheduled' ? 'read' : 'none';
}

/** In a cohort, students see the courses released or scheduled to it; its tutors and cohort admins see every course of the program. */
export function canSeeCohortCourse(roleId: RoleId, releaseAt: string | null): boolean {
  return roleId !== ROLE_IDS.student || releaseAt !== null;
}
