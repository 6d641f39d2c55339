/**
 * The loaders that apply the rules of permissions.ts: they read what a rule
 * needs (the caller's memberships, their cohorts' programs and releases, a
 * course or lesson row, all through the read caches) and decide, failing
 * closed. Services call these; the rules themselves stay pure in
 * permissions.ts.
 */
import { eq } from 'drizzle-orm';
import { ROLE_IDS, type RecordStatus, type RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { isLessonPublished } from '~/lib/shared/lesson-publication';
import type { Cohort } from '~/lib/shared/schemas/structure';
import {
  activeCohortRoleOf,
  attemptScopeOf,
  canInCohort,
  canManageContent,
  canOpenAdmin,
  contentAccessOf,
  forumAccessOf,
  isAdmin,
  managedCohortIdsOf,
  mentionScopeOf,
  releasedAccessOf,
  requireInCohort,
  requirePreviewLessonContent,
  requireReadForum,
  requireReportScope,
  requireSearchUsers,
  type AttemptScope,
  type Caller,
  type CohortAction,
  type ContentAccess,
  type ForumAccess,
  type MentionScope,
  type ReleaseState,
  type ReportScope,
} from './permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { cohorts, courses, lessons } from '~/lib/server/db/schema';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';
import { courseRows, lessonRows, type CourseRow, type LessonRow } from '~/lib/server/services/content/content-cache';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { findQuizDefinition, type QuizDefinition } from '~/lib/server/services/quizzes/quiz-cache';
import { findAssignmentRow, type AssignmentRow } from '~/lib/server/services/assignments/assignment-cache';
import { findForumRow, type ForumRow } from '~/lib/server/services/forums/forum-cache';

export type { AssignmentRow, CourseRow, LessonRow };

// ── Cohorts ───────────────────────────────────────────────────────────────

export const cohortColumns = {
  id: cohorts.id,
  learningPathId: cohorts.learningPathId,
  programId: cohorts.programId,
  name: cohorts.name,
  status: cohorts.status,
  startsOn: cohorts.startsOn,
  endsOn: cohorts.endsOn,
};

/** The caller's ACTIVE role in a cohort (null for platform admins, who need none, and for non-members). */
async function cohortRoleOf(caller: Caller, cohortId: number): Promise<RoleId | null> {
  return isAdmin(caller) ? null : activeCohortRoleOf(await listMembershipsOf(caller.id), cohortId);
}

/** Whether the caller may do `action` in a cohort now (to decide what to show; requireCohortAccess enforces). */
export async function canInCohortNow(caller: Caller, cohortId: number, action: CohortAction): Promise<boolean> {
  return canInCohort(caller, await cohortRoleOf(caller, cohortId), action);
}

/**
 * The cohort, once the caller may do `action` in it: 404 when it does not
 * exist or the caller is not an ACTIVE member, 403 when their role forbids it.
 * Roles come from the database (cached, dropped the moment they change), not
 * from the token, so a removed tutor loses their rights at once.
 */
export async function requireCohortAccess(caller: Caller, cohortId: number, action: CohortAction): Promise<Cohort> {
  requireInCohort(caller, await cohortRoleOf(caller, cohortId), action);
  const db = await getDb();
  const [row] = await db.select(cohortColumns).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!row) throw new AppError('not_found');
  return row;
}

// ── Admin screens ─────────────────────────────────────────────────────────

export interface AdminAccess {
  /** The admin screens exist for this caller (students: never). */
  open: boolean;
  /** Platform admin: every organization, path, cohort and program. */
  isAdmin: boolean;
  /** For tutors and cohort admins: the ACTIVE cohorts they manage. */
  cohortIds: number[];
}

/** The caller's admin access, from their current memberships. */
export async function getAdminAccess(caller: Caller): Promise<AdminAccess> {
  const list = await listMembershipsOf(caller.id);
  return { open: canOpenAdmin(caller, list), isAdmin: isAdmin(caller), cohortIds: managedCohortIdsOf(list) };
}

export interface AdminCohort {
  cohort: Cohort;
  /** What the caller's role lets the cohort page offer (a refused action would end their session). */
  can: { assignUsers: boolean; releaseCourses: boolean; manageLevels: boolean; manageNewsAndBanners: boolean; manageDueDates: boolean };
}

/** A cohort the caller manages in the admin screens; 404 for everyone else (a cohort where they only study included). */
export async function getAdminCohort(caller: Caller, cohortId: number): Promise<AdminCohort> {
  const list = await listMembershipsOf(caller.id);
  if (!isAdmin(caller) && !managedCohortIdsOf(list).includes(cohortId)) throw new AppError('not_found');
  const cohort = await requireCohortAccess(caller, cohortId, 'view');
  const roleId = isAdmin(caller) ? null : activeCohortRoleOf(list, cohortId);
  return {
    cohort,
    can: {
      assignUsers: canInCohort(caller, roleId, 'assignUsers'),
      releaseCourses: canInCohort(caller, roleId, 'releaseCourses'),
      manageLevels: canInCohort(caller, roleId, 'manageLevels'),
      manageNewsAndBanners: canInCohort(caller, roleId, 'manageNewsAndBanners'),
      manageDueDates: canInCohort(caller, roleId, 'manageDueDates'),
    },
  };
}

/** Throws 403 unless the caller may search the platform's users (to assign them somewhere). */
export async function requireUserSearchAccess(caller: Caller): Promise<void> {
  requireSearchUsers(caller, await listMembershipsOf(caller.id));
}

/** Throws 403 unless the caller may preview lesson Markdown (the admin screens' users). */
export async function requireLessonPreviewAccess(caller: Caller): Promise<void> {
  requirePreviewLessonContent(caller, await listMembershipsOf(caller.id));
}

// ── Programs, courses and lessons ─────────────────────────────────────────

/**
 * The caller's access to a program's content (see permissions.contentAccessOf),
 * from their ACTIVE memberships and their cohorts' programs, both cached: a
 * warm check costs no query.
 */
export async function getProgramAccess(caller: Caller, programId: number): Promise<ContentAccess> {
  if (isAdmin(caller)) return contentAccessOf(caller, []);
  const roles = (await listActiveCatalogsOf(caller.id)).filter(({ catalog }) => catalog.cohort.programId === programId).map(({ roleId }) => roleId);
  return contentAccessOf(caller, roles);
}

/** Where a course stands for a student, over every ACTIVE cohort where they are a student (dates compared with the clock when read). */
export async function getCourseReleaseFor(userId: number, courseId: number, now = new Date()): Promise<ReleaseState> {
  const dates = (await listActiveCatalogsOf(userId))
    .filter(({ roleId }) => roleId === ROLE_IDS.student)
    .flatMap(({ catalog }) => catalog.courses.filter((course) => course.id === courseId && course.releaseAt !== null).map((course) => Date.parse(course.releaseAt!)));
  if (dates.length === 0) return { kind: 'unreleased' };
  const at = Math.min(...dates);
  return at <= now.getTime() ? { kind: 'released' } : { kind: 'scheduled', at: new Date(at) };
}

const RELEASED: ReleaseState = { kind: 'released' };

/** A course with the caller's access to it (students: only once released or scheduled to their cohort); unknown ids are 404. */
export async function findCourseWithAccess(
  caller: Caller,
  courseId: number,
  db?: DbOrTx,
): Promise<{ course: CourseRow; access: ContentAccess; release: ReleaseState }> {
  const readCourse = async (handle: DbOrTx) => {
    const [row] = await handle.select().from(courses).where(eq(courses.id, courseId));
    if (!row) throw new AppError('not_found');
    return row;
  };
  // Inside a transaction the row is read fresh; otherwise through the cache.
  const course = db ? await readCourse(db) : await courseRows.getOrLoad(courseId, async () => readCourse(await getDb()));
  const access = await getProgramAccess(caller, course.programId);
  const release = access === 'read' ? await getCourseReleaseFor(caller.id, courseId) : RELEASED;
  return { course, access: releasedAccessOf(access, release, 'course'), release };
}

/** Like findCourseWithAccess, for the course's lessons: students read them only from the release date. */
export async function findCourseContentWithAccess(caller: Caller, courseId: number, db?: DbOrTx): Promise<{ course: CourseRow; access: ContentAccess }> {
  const found = await findCourseWithAccess(caller, courseId, db);
  return { course: found.course, access: releasedAccessOf(found.access, found.release, 'content') };
}

/** A lesson with its course, the caller's access, and the status a reader sees (archived when either is, or while the lesson is a draft or scheduled). */
export async function findLessonWithAccess(
  caller: Caller,
  lessonId: number,
  db?: DbOrTx,
): Promise<{ lesson: LessonRow; course: CourseRow; access: ContentAccess; visibleStatus: RecordStatus }> {
  const readLesson = async (handle: DbOrTx) => {
    const [found] = await handle.select({ lesson: lessons, course: courses }).from(lessons).innerJoin(courses, eq(courses.id, lessons.courseId)).where(eq(lessons.id, lessonId));
    if (!found) throw new AppError('not_found');
    return found;
  };
  const row = db ? await readLesson(db) : await lessonRows.getOrLoad(lessonId, async () => readLesson(await getDb()));
  const visibleStatus: RecordStatus = isLessonPublished(row.lesson) && row.course.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
  const access = await getProgramAccess(caller, row.course.programId);
  const release = access === 'read' ? await getCourseReleaseFor(caller.id, row.course.id) : RELEASED;
  return { ...row, access: releasedAccessOf(access, release, 'content'), visibleStatus };
}

/** Throws 404 unless the caller may open a program's admin page (platform admins; tutors and cohort admins of an ACTIVE cohort following it). */
export async function requireManagedProgram(caller: Caller, programId: number): Promise<void> {
  if (!canManageContent(await getProgramAccess(caller, programId))) throw new AppError('not_found');
}

/** A course whose admin screens the caller may open (platform admins; tutors and cohort admins of an ACTIVE cohort using its program); 404 for anyone else. */
export async function getManagedCourse(caller: Caller, courseId: number): Promise<CourseRow> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  if (!canManageContent(access)) throw new AppError('not_found');
  return course;
}

/** A lesson, with its course, whose editor the caller may open (as getManagedCourse); 404 for anyone else. */
export async function getManagedLesson(caller: Caller, lessonId: number): Promise<{ lesson: LessonRow; course: CourseRow }> {
  const { lesson, course, access } = await findLessonWithAccess(caller, lessonId);
  if (!canManageContent(access)) throw new AppError('not_found');
  return { lesson, course };
}

// ── Quizzes ───────────────────────────────────────────────────────────────

/**
 * A quiz (its cached definition) with its course and the caller's access to
 * the course's content: students only once the course is released to them
 * (see permissions.canReadQuiz for what they may then see); unknown ids are 404.
 */
export async function findQuizWithAccess(caller: Caller, quizId: number): Promise<{ definition: QuizDefinition; course: CourseRow; access: ContentAccess }> {
  const definition = await findQuizDefinition(quizId);
  if (!definition) throw new AppError('not_found');
  const { course, access } = await findCourseContentWithAccess(caller, definition.quiz.courseId);
  return { definition, course, access };
}

/** Whose attempts the caller sees in a course where they have `access` (permissions.attemptScopeOf), from their current memberships. */
export async function getAttemptScope(caller: Caller, access: ContentAccess): Promise<AttemptScope> {
  return attemptScopeOf(caller, access, await listMembershipsOf(caller.id));
}

// ── Assignments ───────────────────────────────────────────────────────────

/**
 * An assignment (its cached row) with its course and the caller's access to
 * the course's content: students only once the course is released to them
 * (see permissions.canReadAssignment for what they may then see); unknown ids are 404.
 */
export async function findAssignmentWithAccess(caller: Caller, assignmentId: number): Promise<{ assignment: AssignmentRow; course: CourseRow; access: ContentAccess }> {
  const assignment = await findAssignmentRow(assignmentId);
  if (!assignment) throw new AppError('not_found');
  const { course, access } = await findCourseContentWithAccess(caller, assignment.courseId);
  return { assignment, course, access };
}

/** Whose work the caller sees in a course where they have `access` (permissions.attemptScopeOf), from their current memberships. */
export async function getStudentWorkScope(caller: Caller, access: ContentAccess): Promise<AttemptScope> {
  return attemptScopeOf(caller, access, await listMembershipsOf(caller.id));
}

// ── Forums ────────────────────────────────────────────────────────────────

/**
 * The caller's access to a forum (permissions.forumAccessOf): a cohort's
 * forum by their ACTIVE role in that cohort, a program's forum by their
 * ACTIVE roles in the cohorts following the program; all cached.
 */
export async function getForumAccess(caller: Caller, forum: Pick<ForumRow, 'programId' | 'cohortId'>): Promise<ForumAccess> {
  if (isAdmin(caller)) return forumAccessOf(caller, []);
  if (forum.cohortId !== null) {
    const roleId = activeCohortRoleOf(await listMembershipsOf(caller.id), forum.cohortId);
    return forumAccessOf(caller, roleId === null ? [] : [roleId]);
  }
  const roles = (await listActiveCatalogsOf(caller.id)).filter(({ catalog }) => catalog.cohort.programId === forum.programId).map(({ roleId }) => roleId);
  return forumAccessOf(caller, roles);
}

/** A forum (cached row) the caller may read, with their access to it; 404 for anyone else and for unknown ids. */
export async function findForumWithAccess(caller: Caller, forumId: number): Promise<{ forum: ForumRow; access: ForumAccess }> {
  const forum = await findForumRow(forumId);
  if (!forum) throw new AppError('not_found');
  const access = await getForumAccess(caller, forum);
  requireReadForum(access, forum.status);
  return { forum, access };
}

/** Whose members the caller may mention in a forum (permissions.mentionScopeOf), from their current memberships. */
export async function getMentionScope(caller: Caller, forum: Pick<ForumRow, 'programId' | 'cohortId'>): Promise<MentionScope> {
  const programCohorts = forum.programId === null ? [] : (await listActiveCatalogsOf(caller.id)).filter(({ catalog }) => catalog.cohort.programId === forum.programId).map(({ catalog }) => catalog.cohort.id);
  return mentionScopeOf(caller, forum, programCohorts);
}

// ── Reports and dashboards ────────────────────────────────────────────────

/** Whose figures the caller reads in reports and dashboards (permissions.reportScopeOf), from their current memberships; 403 for anyone else. */
export async function requireReportAccess(caller: Caller): Promise<ReportScope> {
  return requireReportScope(caller, await listMembershipsOf(caller.id));
}
