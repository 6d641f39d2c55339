/**
 * A course's grade categories (its staff write them; its readers read them).
 * Weights may not add up to more than 100 at any time (400
 * grade_weights_exceeded), so a course goes from none to 100 one category
 * at a time; the gradebook is computed only once they add up to exactly 100.
 */
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { hasCompleteWeights, round2 } from '~/lib/shared/gradebook';
import type { CreateGradeCategoryBody, GradeCategory, GradeCategoryList, ReplaceGradeCategoriesBody, UpdateGradeCategoryBody } from '~/lib/shared/schemas/gradebook';
import { requireManageContent, requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess } from '~/lib/server/access/loaders';
import { getDb, type Tx } from '~/lib/server/db/client';
import { gradeCategories } from '~/lib/server/db/schema';

type CategoryRow = typeof gradeCategories.$inferSelect;
const toCategory = (row: CategoryRow): GradeCategory => ({ id: row.id, courseId: row.courseId, name: row.name, weight: row.weight, dropLowest: row.dropLowest, position: row.position });

/** A course's categories in order, with their total weight. */
export async function listGradeCategories(caller: Caller, courseId: number): Promise<GradeCategoryList> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  const db = await getDb();
  const rows = await db.select().from(gradeCategories).where(eq(gradeCategories.courseId, courseId)).orderBy(asc(gradeCategories.position), asc(gradeCategories.id));
  const weights = rows.map((row) => row.weight);
  return { results: rows.map(toCategory), totalWeight: round2(weights.reduce((sum, weight) => sum + weight, 0)), complete: hasCompleteWeights(weights) };
}

/** Throws 400 grade_weights_exceeded when the course's other categories plus `weight` pass 100 (read under a lock on the course's categories). */
async function requireRoomFor(tx: Tx, courseId: number, weight: number, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grade-categories'), ${courseId})`);
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${gradeCategories.weight}), 0)` })
    .from(gradeCategories)
    .where(and(eq(gradeCategories.courseId, courseId), exceptId === undefined ? undefined : ne(gradeCategories.id, exceptId)));
  const others = Number(row?.total ?? 0);
  if (others + weight > 100 + 1e-6) throw new AppError('grade_weights_exceeded', { params: { available: round2(100 - others) }, fields: { weight: { key: 'validation.gradebook.weight_over', params: { available: round2(100 - others) } } } });
}

/** Adds a category to a course (its staff), after the others. */
export async function createGradeCategory(caller: Caller, courseId: number, body: CreateGradeCategoryBody): Promise<GradeCategory> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await requireRoomFor(tx, courseId, body.weight);
    const [position] = await tx.select({ next: sql<number>`coalesce(max(${gradeCategories.position}) + 1, 0)::int` }).from(gradeCategories).where(eq(gradeCategories.courseId, courseId));
    const [row] = await tx
      .insert(gradeCategories)
      .values({ courseId, name: body.name, weight: body.weight, dropLowest: body.dropLowest, position: Number(position?.next ?? 0) })
      .returning();
    return toCategory(row!);
  });
}

/** The category and the caller's right to manage its course (404 when unknown or not theirs). */
async function findManagedCategory(caller: Caller, categoryId: number): Promise<CategoryRow> {
  const db = await getDb();
  const [row] = await db.select().from(gradeCategories).where(eq(gradeCategories.id, categoryId));
  if (!row) throw new AppError('not_found');
  const { course, access } = await findCourseWithAccess(caller, row.courseId);
  requireManageContent(access, course.status);
  return row;
}

/** Changes a category's name, weight or dropped scores (its course's staff). */
export async function updateGradeCategory(caller: Caller, categoryId: number, body: UpdateGradeCategoryBody): Promise<GradeCategory> {
  const category = await findManagedCategory(caller, categoryId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (body.weight !== undefined) await requireRoomFor(tx, category.courseId, body.weight, category.id);
    const [row] = await tx
      .update(gradeCategories)
      .set({
        ...(body.name !== undefined && { name: body.name }),
        ...(body.weight !== undefined && { weight: body.weight }),
        ...(body.dropLowest !== undefined && { dropLowest: body.dropLowest }),
        updatedAt: new Date(),
      })
      .where(eq(gradeCategories.id, categoryId))
      .returning();
    if (!row) throw new AppError('not_found');
    return toCategory(row);
  });
}

/** Deletes a category (its course's staff); its items stay, in no category (they no longer count). */
export async function deleteGradeCategory(caller: Caller, categoryId: number): Promise<void> {
  await findManagedCategory(caller, categoryId);
  const db = await getDb();
  await db.delete(gradeCategories).where(eq(gradeCategories.id, categoryId));
}

/**
 * Replaces a course's categories with the set given, in order (its staff):
 * those with an id are kept and changed, the others created, the ones left
 * out deleted (their items stay, in no category). The weights must add up
 * to exactly 100 (400 naming `categories`), so a course can be rebalanced
 * (50/50 to 30/70) in one step.
 */
export async function replaceGradeCategories(caller: Caller, courseId: number, body: ReplaceGradeCategoriesBody): Promise<GradeCategoryList> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const weights = body.categories.map((category) => category.weight);
  const fields: FieldErrors = {};
  if (!hasCompleteWeights(weights)) fields.categories = { key: 'validation.gradebook.weights_not_100', params: { total: round2(weights.reduce((sum, weight) => sum + weight, 0)) } };
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grade-categories'), ${courseId})`);
    const existing = new Set((await tx.select({ id: gradeCategories.id }).from(gradeCategories).where(eq(gradeCategories.courseId, courseId))).map((row) => row.id));
    body.categories.forEach((category, index) => {
      if (category.id !== undefined && !existing.has(category.id)) fields[`categories.${index}.id`] = 'validation.gradebook.category_not_in_course';
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { fields });
    const kept = body.categories.flatMap((category) => (category.id === undefined ? [] : [category.id]));
    await tx.delete(gradeCategories).where(and(eq(gradeCategories.courseId, courseId), kept.length ? notInArray(gradeCategories.id, kept) : undefined));
    for (const [position, category] of body.categories.entries()) {
      const values = { name: category.name, weight: category.weight, dropLowest: category.dropLowest, position };
      if (category.id === undefined) await tx.insert(gradeCategories).values({ courseId, ...values });
      else await tx.update(gradeCategories).set({ ...values, updatedAt: new Date() }).where(and(eq(gradeCategories.id, category.id), eq(gradeCategories.courseId, courseId)));
    }
  });
  return listGradeCategories(caller, courseId);
}
