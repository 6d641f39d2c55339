import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Course, CreateCourseBody, UpdateCourseBody } from '~/lib/shared/schemas/content';
import { requireManageContent, requireManagePrograms, requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { getDb, type Tx } from '~/lib/server/db/client';
import { courses, programs } from '~/lib/server/db/schema';
import { findCourseWithAccess, getProgramAccess, type CourseRow } from '~/lib/server/access/loaders';

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

/**
 * Locks the program row until the transaction ends, so writes that move its
 * courses' positions (create, reorder) queue up instead of interleaving.
 * Answers whether the program exists.
 */
async function lockProgramCourses(tx: Tx, programId: number): Promise<boolean> {
  const [locked] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, programId)).for('update');
  return locked !== undefined;
}

/** Creates a course in a program (admins), by default after the program's last course. */
export async function createCourse(caller: Caller, input: CreateCourseBody): Promise<Course> {
  requireManagePrograms(caller);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    // The program is named in the body, so an unknown one is a field error rather than a 404.
    if (!(await lockProgramCourses(tx, input.programId))) throw new AppError('validation_failed', { fields: { programId: 'validation.invalid_id' } });
    const position =
      input.position ??
      (await tx.select({ next: sql<number>`coalesce(max(${courses.position}) + 1, 0)::int` }).from(courses).where(eq(courses.programId, input.programId)))[0]!.next;
    const [inserted] = await tx
      .insert(courses)
      .values({ programId: input.programId, name: input.name, description: input.description, imageUrl: input.imageUrl ?? null, position })
      .returning();
    return inserted!;
  });
  return toCourse(row);
}

/**
 * Puts a program's courses in the given order (platform admins): positions
 * become 0..n-1. The list must hold every course of the program, archived
 * ones too, each once; otherwise 400 and nothing changes. One transaction
 * holding the program row's lock, so two reorders never interleave.
 */
export async function reorderCourses(caller: Caller, programId: number, order: readonly number[]): Promise<Course[]> {
  const db = await getDb();
  const [program] = await db.select({ status: programs.status }).from(programs).where(eq(programs.id, programId));
  if (!program) throw new AppError('not_found');
  requireReadContent(await getProgramAccess(caller, programId), program.status);
  requireManagePrograms(caller);
  const rows = await db.transaction(async (tx) => {
    if (!(await lockProgramCourses(tx, programId))) throw new AppError('not_found');
    const current = await tx.select({ id: courses.id }).from(courses).where(eq(courses.programId, programId));
    const currentIds = new Set(current.map((row) => row.id));
    const matches = order.length === currentIds.size && new Set(order).size === order.length && order.every((id) => currentIds.has(id));
    if (!matches) throw new AppError('course_order_mismatch');
    if (order.length > 0) {
      // One statement: every course gets its index in `order` as its position.
      const cases = sql.join(
        order.map((id, index) => sql`when ${id} then ${index}`),
        sql` `,
      );
      await tx
        .update(courses)
        .set({ position: sql`(case ${courses.id} ${cases} end)::int`, updatedAt: new Date() })
        .where(and(eq(courses.programId, programId), inArray(courses.id, [...order])));
    }
    return tx.select().from(courses).where(eq(courses.programId, programId)).orderBy(asc(courses.position));
  });
  return rows.map(toCourse);
}

/** Changes a course (admins, and tutors / cohort admins of a cohort using its program). */
export async function updateCourse(caller: Caller, courseId: number, input: UpdateCourseBody): Promise<Course> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const db = await getDb();
  const [row] = await db.update(courses).set({ ...input, updatedAt: new Date() }).where(eq(courses.id, courseId)).returning();
  return toCourse(row!);
}

/** Archives a course (status INACTIVE): students stop seeing it, its lessons and history stay. */
export async function archiveCourse(caller: Caller, courseId: number): Promise<void> {
  await updateCourse(caller, courseId, { status: 'INACTIVE' });
}
