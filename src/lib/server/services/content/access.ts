import { eq } from 'drizzle-orm';
import type { RecordStatus } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { canManageContent, contentAccessOf, isAdmin, releasedAccessOf, type Caller, type ContentAccess, type ReleaseState } from '~/lib/server/auth/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { courses, lessons } from '~/lib/server/db/schema';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';
import { courseRows, lessonRows, type CourseRow, type LessonRow } from './content-cache';
import { getCourseReleaseFor } from './release';

/**
 * The caller's access to a program's content (see permissions.contentAccessOf),
 * from their ACTIVE memberships and their cohorts' programs — both briefly
 * cached, so checking access costs no query on a warm cache.
 */
export async function getProgramAccess(caller: Caller, programId: number): Promise<ContentAccess> {
  if (isAdmin(caller)) return contentAccessOf(caller, []);
  const roles = (await listActiveCatalogsOf(caller.id))
    .filter(({ catalog }) => catalog.cohort.programId === programId)
    .map(({ roleId }) => roleId);
  return contentAccessOf(caller, roles);
}

export type { CourseRow, LessonRow } from './content-cache';

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
  // Inside a transaction the row is read fresh (and locked rows stay consistent); otherwise through the cache.
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

/** A lesson with its course, the caller's access, and the status a reader sees (archived when either is). */
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
  const visibleStatus: RecordStatus = row.lesson.status === 'ACTIVE' && row.course.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
  const access = await getProgramAccess(caller, row.course.programId);
  const release = access === 'read' ? await getCourseReleaseFor(caller.id, row.course.id) : RELEASED;
  return { ...row, access: releasedAccessOf(access, release, 'content'), visibleStatus };
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
