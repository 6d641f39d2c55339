import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Course, CreateCourseBody, UpdateCourseBody } from '../../../shared/schemas/content';
import { requireManageContent, requireManagePrograms, requireReadContent, type Caller } from '../../auth/permissions';
import { getDb } from '../../db/client';
import { courses, programs } from '../../db/schema';
import { forgetCohortCatalogs } from '../cohort-catalog';
import { forgetCourseContent } from './content-cache';
import { findCourseWithAccess, type CourseRow } from './access';

/** The API shape of a course row. */
export const toCourse = (row: CourseRow): Course => ({
  id: row.id,
  programId: row.programId,
  name: row.name,
  description: row.description,
  imageUrl: row.imageUrl,
  position: row.position,
  status: row.status,
});

/** A course the caller sees (404 otherwise). */
export async function getCourse(caller: Caller, courseId: number): Promise<Course> {
  const { course, access, release } = await findCourseWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  return { ...toCourse(course), ...(release.kind === 'scheduled' ? { availableAt: release.at.toISOString() } : {}) };
}

/** Creates a course in a program (admins), by default after the program's last course. */
export async function createCourse(caller: Caller, input: CreateCourseBody): Promise<Course> {
  requireManagePrograms(caller);
  const db = await getDb();
  const [program] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, input.programId));
  // The program is named in the body, so an unknown one is a field error rather than a 404.
  if (!program) throw new AppError('validation_failed', { fields: { programId: 'validation.invalid_id' } });
  const position =
    input.position ??
    (await db.select({ next: sql<number>`coalesce(max(${courses.position}) + 1, 0)::int` }).from(courses).where(eq(courses.programId, input.programId)))[0]!.next;
  const [row] = await db
    .insert(courses)
    .values({ programId: input.programId, name: input.name, description: input.description, imageUrl: input.imageUrl ?? null, position })
    .returning();
  forgetCohortCatalogs();
  return toCourse(row!);
}

/** Changes a course (admins, and tutors / cohort admins of a cohort using its program). */
export async function updateCourse(caller: Caller, courseId: number, input: UpdateCourseBody): Promise<Course> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const db = await getDb();
  const [row] = await db.update(courses).set({ ...input, updatedAt: new Date() }).where(eq(courses.id, courseId)).returning();
  forgetCohortCatalogs();
  forgetCourseContent(courseId);
  return toCourse(row!);
}

/** Archives a course (status INACTIVE): students stop seeing it, its lessons and history stay. */
export async function archiveCourse(caller: Caller, courseId: number): Promise<void> {
  await updateCourse(caller, courseId, { status: 'INACTIVE' });
}
