import { and, eq } from 'drizzle-orm';
import type { RecordStatus } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { activeMembershipOf, contentAccessOf, isAdmin, releasedAccessOf, type Caller, type ContentAccess, type ReleaseState } from '../../auth/permissions';
import { getDb, type DbOrTx } from '../../db/client';
import { cohorts, courses, lessons, memberships } from '../../db/schema';
import { getCourseReleaseFor } from './release';

/** The caller's access to a program's content (see permissions.contentAccessOf). */
export async function getProgramAccess(caller: Caller, programId: number, db?: DbOrTx): Promise<ContentAccess> {
  if (isAdmin(caller)) return contentAccessOf(caller, []);
  const handle = db ?? (await getDb());
  const rows = await handle
    .select({ roleId: memberships.roleId })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .where(and(eq(cohorts.programId, programId), activeMembershipOf(caller.id)));
  return contentAccessOf(
    caller,
    rows.map((row) => row.roleId),
  );
}

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

const RELEASED: ReleaseState = { kind: 'released' };

/** A course with the caller's access to it (students: only once released or scheduled to their cohort); unknown ids are 404. */
export async function findCourseWithAccess(
  caller: Caller,
  courseId: number,
  db?: DbOrTx,
): Promise<{ course: CourseRow; access: ContentAccess; release: ReleaseState }> {
  const handle = db ?? (await getDb());
  const [course] = await handle.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError('not_found');
  const access = await getProgramAccess(caller, course.programId, handle);
  const release = access === 'read' ? await getCourseReleaseFor(caller.id, courseId, handle) : RELEASED;
  return { course, access: releasedAccessOf(access, release, 'course'), release };
}

/** Like findCourseWithAccess, for the course's lessons: students read them only from the release date. */
export async function findCourseContentWithAccess(caller: Caller, courseId: number, db?: DbOrTx): Promise<{ course: CourseRow; access: ContentAccess }> {
  const found = await findCourseWithAccess(caller, courseId, db);
  return { course: found.course, access: releasedAccessOf(found.access, found.release, 'content') };
}

/** A lesson with its course, the caller's access, and the status a reader sees (archived when either is). */
export async function findLessonWithAccess(
  caller: Caller,
  lessonId: number,
  db?: DbOrTx,
): Promise<{ lesson: LessonRow; course: CourseRow; access: ContentAccess; visibleStatus: RecordStatus }> {
  const handle = db ?? (await getDb());
  const [row] = await handle.select({ lesson: lessons, course: courses }).from(lessons).innerJoin(courses, eq(courses.id, lessons.courseId)).where(eq(lessons.id, lessonId));
  if (!row) throw new AppError('not_found');
  const visibleStatus: RecordStatus = row.lesson.status === 'ACTIVE' && row.course.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
  const access = await getProgramAccess(caller, row.course.programId, handle);
  const release = access === 'read' ? await getCourseReleaseFor(caller.id, row.course.id, handle) : RELEASED;
  return { ...row, access: releasedAccessOf(access, release, 'content'), visibleStatus };
}
