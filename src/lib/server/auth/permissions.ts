/**
 * The single source of truth for who may do what. Every check fails closed:
 * anything not explicitly allowed is refused. Queries scope rows through the
 * conditions exported here, so another cohort's row is simply "not found".
 */
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CohortClaim } from '~/lib/shared/schemas/auth';
import { ROLE_IDS, type RecordStatus, type RoleId, type UserType } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { cohorts, memberships, users } from '~/lib/server/db/schema';

/** Who is calling, as proven by a verified access token. */
export interface Caller {
  id: number;
  email: string;
  userType: UserType;
  cohorts: CohortClaim[];
}

/** One of a user's cohort memberships, with its cohort's status: what every per-cohort rule reads. */
export interface Membership {
  cohortId: number;
  learningPathId: number;
  roleId: RoleId;
  membershipStatus: RecordStatus;
  cohortStatus: RecordStatus;
}

export const isAdmin = (caller: Caller | null): boolean => caller?.userType === 'admin';

/** A caller may act for themselves; only platform admins may act for someone else. */
export function canActForUser(caller: Caller | null, userId: number): boolean {
  if (!caller) return false;
  return caller.id === userId || isAdmin(caller);
}

/** Throws 403 unless the caller may act for that user. */
export function requireActForUser(caller: Caller | null, userId: number): void {
  if (!canActForUser(caller, userId)) throw new AppError('forbidden_other_user');
}

/** Everyone accepts the terms and conditions for themselves only, never for someone else (platform admins included). */
export function canAcceptTerms(caller: Caller | null, userId: number): boolean {
  return caller !== null && caller.id === userId;
}

/** A membership counts only while the membership and its cohort are both ACTIVE. */
export function isMembershipActive(membership: Pick<Membership, 'membershipStatus' | 'cohortStatus'>): boolean {
  return membership.membershipStatus === 'ACTIVE' && membership.cohortStatus === 'ACTIVE';
}

/**
 * SQL condition over `memberships` joined to `cohorts`: the memberships of a
 * user that count, i.e. the membership and its cohort are both ACTIVE.
 */
export function activeMembershipOf(userId: number): SQL {
  return and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE'), eq(cohorts.status, 'ACTIVE'))!;
}

// ── Learning structure: organizations, learning paths, cohorts ────────────

/** Organizations, learning paths and cohorts are created, changed and archived by platform admins only. */
export function canManageStructure(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may manage organizations, learning paths and cohorts. */
export function requireManageStructure(caller: Caller | null): void {
  if (!canManageStructure(caller)) throw new AppError('forbidden');
}

/** What can be done inside one cohort (a cohort's status and program: `requireManageStructure`). */
export type CohortAction = 'view' | 'edit' | 'listMembers' | 'assignUsers' | 'manageLevels' | 'releaseCourses' | 'manageNewsAndBanners' | 'manageDueDates' | 'manageLiveSessions' | 'manageForums';

/** Per-cohort role → the actions it allows; anything not listed is refused. */
const COHORT_ACTIONS_BY_ROLE: Readonly<Record<RoleId, readonly CohortAction[]>> = {
  [ROLE_IDS.student]: ['view'],
  [ROLE_IDS.tutor]: ['view', 'edit', 'listMembers', 'manageLevels', 'releaseCourses', 'manageNewsAndBanners', 'manageDueDates', 'manageLiveSessions', 'manageForums'],
  [ROLE_IDS.cohortAdmin]: ['view', 'edit', 'listMembers', 'manageLevels', 'assignUsers', 'releaseCourses', 'manageNewsAndBanners', 'manageDueDates', 'manageLiveSessions', 'manageForums'],
};

/** The caller's role_id in a cohort while membership and cohort are both ACTIVE, else null. */
export function activeCohortRoleOf(list: readonly Membership[], cohortId: number): RoleId | null {
  const found = list.find((membership) => membership.cohortId === cohortId && isMembershipActive(membership));
  return found ? found.roleId : null;
}

/** Platform admins may do anything in any cohort; members what their ACTIVE role allows. */
export function canInCohort(caller: Caller | null, roleId: RoleId | null, action: CohortAction): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return roleId !== null && (COHORT_ACTIONS_BY_ROLE[roleId]?.includes(action) ?? false);
}

/** Throws 404 when the caller is not an ACTIVE member (another cohort does not exist for them), 403 when their role does not allow the action. */
export function requireInCohort(caller: Caller | null, roleId: RoleId | null, action: CohortAction): void {
  if (canInCohort(caller, roleId, action)) return;
  throw new AppError(roleId === null ? 'not_found' : 'forbidden');
}

/**
 * Searching the platform's users (to assign them to a cohort): platform admins,
 * and whoever may assign users in at least one ACTIVE cohort (cohort admins).
 */
export function canSearchUsers(caller: Caller | null, list: readonly Membership[]): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return list.some((membership) => isMembershipActive(membership) && canInCohort(caller, membership.roleId, 'assignUsers'));
}

/** Throws 403 unless the caller may search the platform's users. */
export function requireSearchUsers(caller: Caller | null, list: readonly Membership[]): void {
  if (!canSearchUsers(caller, list)) throw new AppError('forbidden');
}

/** A member never changes or removes their own membership (they could lock themselves out of their cohort's tools); platform admins may. */
export function canChangeMembershipOf(caller: Caller | null, userId: number): boolean {
  return caller !== null && (isAdmin(caller) || caller.id !== userId);
}

/** Throws 403 when the memberships to change include the caller's own (see canChangeMembershipOf). */
export function requireChangeMemberships(caller: Caller | null, userIds: readonly number[]): void {
  if (userIds.some((userId) => !canChangeMembershipOf(caller, userId))) throw new AppError('forbidden_own_membership');
}

/** Per-cohort roles that manage: tutors and cohort admins. */
const MANAGER_ROLE_IDS: readonly RoleId[] = [ROLE_IDS.tutor, ROLE_IDS.cohortAdmin];

// ── Admin screens ─────────────────────────────────────────────────────────

/**
 * The admin screens open for platform admins and for tutors and cohort admins
 * of an ACTIVE cohort (who then see only their cohorts); never for students.
 */
export function canOpenAdmin(caller: Caller | null, list: readonly Membership[]): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return list.some((membership) => isMembershipActive(membership) && MANAGER_ROLE_IDS.includes(membership.roleId));
}

/** The cohorts a non-admin manages in the admin screens: ACTIVE memberships with a tutor or cohort-admin role. */
export function managedCohortIdsOf(list: readonly Membership[]): number[] {
  return list.filter((membership) => isMembershipActive(membership) && MANAGER_ROLE_IDS.includes(membership.roleId)).map((membership) => membership.cohortId);
}

// ── Programs, courses and lessons ─────────────────────────────────────────

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

// ── People: accounts, profiles, personal data (Ley 1581) ────────────────────

/**
 * Everyone signed in reads, corrects and downloads their own personal data
 * and may ask for its deletion: those endpoints act on the caller alone
 * (`/profiles/me/`), so signing in is their whole rule.
 *
 * Accounts are managed by platform admins: listing everyone with filters,
 * creating and importing accounts, inviting, changing a type or status,
 * reading, changing and exporting anyone's profile (each time logged) and
 * anonymising. Cohort admins only search people to assign (canSearchUsers).
 */
export function canManageAccounts(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may manage accounts. */
export function requireManageAccounts(caller: Caller | null): void {
  if (!canManageAccounts(caller)) throw new AppError('forbidden');
}

/** An admin never deactivates, demotes or anonymises their own account: they would lock themselves (and maybe everyone) out. */
export function canChangeAccountOf(caller: Caller | null, userId: number): boolean {
  return canManageAccounts(caller) && caller!.id !== userId;
}

/** Throws 403 for someone who may not manage accounts, and `forbidden_own_account` for an admin's own account. */
export function requireChangeAccountOf(caller: Caller | null, userId: number): void {
  requireManageAccounts(caller);
  if (!canChangeAccountOf(caller, userId)) throw new AppError('forbidden_own_account');
}

/** The e-mail outbox (the development mailbox without SMTP) shows messages to anyone: platform admins only. */
export function canReadMailbox(caller: Caller | null): boolean {
  return isAdmin(caller);
}

// ── Platform texts ─────────────────────────────────────────────────────────

/** The terms and conditions and the privacy notice are public to read and changed by platform admins only. */
export function canEditLegalTexts(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may change the legal texts. */
export function requireEditLegalTexts(caller: Caller | null): void {
  if (!canEditLegalTexts(caller)) throw new AppError('forbidden');
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

// ── Quizzes ───────────────────────────────────────────────────────────────

/**
 * Readers of a released course (its students) see its published quizzes and
 * take them; managers see every quiz and author it. A quiz that is not
 * published does not exist for readers (404).
 */
export function canReadQuiz(access: ContentAccess, quiz: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): boolean {
  return canReadContent(access, courseStatus) && (access === 'manage' || quiz.published);
}

/** Throws 404 unless the caller may see the quiz (canReadQuiz). */
export function requireReadQuiz(access: ContentAccess, quiz: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): void {
  if (!canReadQuiz(access, quiz, courseStatus)) throw new AppError('not_found');
}

/**
 * Only readers take a quiz: managers author it and preview it in the editor,
 * so their attempts never mix with the students' results. Anyone who cannot
 * read the course gets 404; a manager, 403.
 */
export function requireTakeQuiz(access: ContentAccess, courseStatus: RecordStatus = 'ACTIVE'): void {
  requireReadContent(access, courseStatus);
  if (access !== 'read') throw new AppError('forbidden');
}

/**
 * Whose attempts at a quiz a caller sees: platform admins every student's;
 * tutors and cohort admins those of the students of the ACTIVE cohorts they
 * manage; a student their own.
 */
export type AttemptScope = { kind: 'all' } | { kind: 'cohorts'; cohortIds: number[] } | { kind: 'own'; userId: number };

export function attemptScopeOf(caller: Caller, access: ContentAccess, list: readonly Membership[]): AttemptScope {
  if (isAdmin(caller)) return { kind: 'all' };
  if (access === 'manage') return { kind: 'cohorts', cohortIds: managedCohortIdsOf(list) };
  return { kind: 'own', userId: caller.id };
}

/**
 * SQL condition over a column holding the attempt's student: visible in the
 * scope (another cohort's student's attempt is simply not found). With
 * `cohortId`, only that cohort's students (within the scope).
 */
export function attemptVisibleIn(scope: AttemptScope, userId: AnyColumn, cohortId?: number): SQL {
  const inCohort = (ids: readonly number[]) =>
    ids.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${userId} and ${memberships.roleId} = ${ROLE_IDS.student} and ${memberships.cohortId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))`;
  switch (scope.kind) {
    case 'all':
      return cohortId === undefined ? sql`true` : inCohort([cohortId]);
    case 'cohorts':
      return inCohort(cohortId === undefined ? scope.cohortIds : scope.cohortIds.filter((id) => id === cohortId));
    case 'own':
      return sql`${userId} = ${scope.userId}`;
  }
}

// ── Assignments, submissions and feedback ─────────────────────────────────

/**
 * Readers of a released course (its students) see its published assignments
 * and submit to them; managers see every assignment and grade it. An
 * assignment that is not published does not exist for readers (404).
 */
export function canReadAssignment(access: ContentAccess, assignment: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): boolean {
  return canReadContent(access, courseStatus) && (access === 'manage' || assignment.published);
}

/** Throws 404 unless the caller may see the assignment (canReadAssignment). */
export function requireReadAssignment(access: ContentAccess, assignment: { published: boolean }, courseStatus: RecordStatus = 'ACTIVE'): void {
  if (!canReadAssignment(access, assignment, courseStatus)) throw new AppError('not_found');
}

/** Only readers submit (staff grade, and their work never mixes with the students'): anyone who cannot read the course 404, a manager 403. */
export function requireSubmitAssignment(access: ContentAccess, courseStatus: RecordStatus = 'ACTIVE'): void {
  requireReadContent(access, courseStatus);
  if (access !== 'read') throw new AppError('forbidden');
}

/** Whether a student's work (a submission, a file of it) is visible in the scope, given the cohorts the student studies in. */
export function canSeeStudentWork(scope: AttemptScope, studentId: number, studentCohortIds: readonly number[]): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'cohorts':
      return studentCohortIds.some((id) => scope.cohortIds.includes(id));
    case 'own':
      return scope.userId === studentId;
  }
}

/**
 * Feedback: a student reads and marks as seen their own; staff write it to a
 * student whose work they see (attemptScopeOf), about a submission, a
 * quiz attempt or a lesson of a course they manage, and read what they see.
 */
export function requireWriteFeedback(access: ContentAccess): void {
  if (access !== 'manage') throw new AppError(access === 'read' ? 'forbidden' : 'not_found');
}

// ── Forums ────────────────────────────────────────────────────────────────

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

// ── Live sessions ─────────────────────────────────────────────────────────

/**
 * A cohort's live sessions are read by its ACTIVE members and platform admins
 * (cohort action `view`); created, changed and deleted, and their attendance
 * read and exported, by its tutors and cohort admins and platform admins
 * (cohort action `manageLiveSessions`). Only students join: joining records
 * attendance.
 */
export function canJoinLiveSession(roleId: RoleId | null): boolean {
  return roleId === ROLE_IDS.student;
}

/**
 * The join window: the link is given from `JOIN_OPENS_BEFORE_MS` before the
 * start until the end, and never outside it.
 */
export function isJoinWindowOpen(session: { startsAt: Date; endsAt: Date }, opensBeforeMs: number, now: Date = new Date()): boolean {
  return now.getTime() >= session.startsAt.getTime() - opensBeforeMs && now.getTime() <= session.endsAt.getTime();
}

// ── Reports and dashboards ────────────────────────────────────────────────

/**
 * Whose figures a caller reads in reports and dashboards: platform admins
 * every cohort's; tutors and cohort admins the students of the ACTIVE
 * cohorts they manage (managedCohortIdsOf); nobody else (null).
 */
export type ReportScope = { kind: 'all' } | { kind: 'cohorts'; cohortIds: number[] };

export function reportScopeOf(caller: Caller | null, list: readonly Membership[]): ReportScope | null {
  if (!caller) return null;
  if (isAdmin(caller)) return { kind: 'all' };
  const cohortIds = managedCohortIdsOf(list);
  return cohortIds.length > 0 ? { kind: 'cohorts', cohortIds } : null;
}

/** Throws 403 unless the caller reads some reports (reportScopeOf); answers their scope. */
export function requireReportScope(caller: Caller | null, list: readonly Membership[]): ReportScope {
  const scope = reportScopeOf(caller, list);
  if (!scope) throw new AppError('forbidden');
  return scope;
}

/** A cohort asked for by a filter is in the scope; another cohort does not exist for the caller (404). */
export function requireCohortInReportScope(scope: ReportScope, cohortId: number): void {
  if (scope.kind === 'cohorts' && !scope.cohortIds.includes(cohortId)) throw new AppError('not_found');
}

// ── Registrations, payments and the CRM ───────────────────────────────────

/**
 * Offers and discount codes, every registration and payment, the payments
 * report and the CRM deliveries are money and personal data: platform admins
 * only. Offers are public to read; anyone may sign up.
 */
export function canManageRegistrations(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller manages registrations and payments. */
export function requireManageRegistrations(caller: Caller | null): void {
  if (!canManageRegistrations(caller)) throw new AppError('forbidden');
}

/** A registration or payment is seen by its person and by platform admins; for anyone else it does not exist (404). */
export function canSeeRegistrationOf(caller: Caller | null, userId: number): boolean {
  return caller !== null && (caller.id === userId || isAdmin(caller));
}

/** Throws 404 unless the caller may see a registration or payment of that person. */
export function requireSeeRegistrationOf(caller: Caller | null, userId: number): void {
  if (!canSeeRegistrationOf(caller, userId)) throw new AppError('not_found');
}

/** Only the person pays for their registration: an admin sees it but never pays for someone (403); anyone else 404. */
export function requirePayForRegistrationOf(caller: Caller | null, userId: number): void {
  requireSeeRegistrationOf(caller, userId);
  if (caller!.id !== userId) throw new AppError('forbidden');
}

// ── The study assistant ───────────────────────────────────────────────────

/**
 * Whose study feedback a caller may ask for: a student their own; a tutor or
 * cohort admin a student of an ACTIVE cohort they manage (`studentCohortIds`:
 * the student's ACTIVE student memberships); a platform admin anyone's. For
 * everyone else the student does not exist (404).
 */
export function canAskAboutStudent(caller: Caller | null, studentId: number, callerMemberships: readonly Membership[], studentCohortIds: readonly number[]): boolean {
  if (!caller) return false;
  if (caller.id === studentId || isAdmin(caller)) return true;
  const managed = managedCohortIdsOf(callerMemberships);
  return studentCohortIds.some((cohortId) => managed.includes(cohortId));
}

/** Throws 404 unless the caller may ask about the student (canAskAboutStudent). */
export function requireAskAboutStudent(caller: Caller | null, studentId: number, callerMemberships: readonly Membership[], studentCohortIds: readonly number[]): void {
  if (!canAskAboutStudent(caller, studentId, callerMemberships, studentCohortIds)) throw new AppError('not_found');
}

/** The AI policy's acceptances and the assistant's audit log (list, purge): platform admins. */
export function canAuditAssistant(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may audit the assistant (canAuditAssistant). */
export function requireAuditAssistant(caller: Caller | null): void {
  if (!canAuditAssistant(caller)) throw new AppError('forbidden');
}
