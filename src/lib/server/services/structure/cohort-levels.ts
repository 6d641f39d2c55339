import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { CohortLevel } from '~/lib/shared/schemas/structure';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx, type Tx } from '~/lib/server/db/client';
import { cohortLevels, cohorts } from '~/lib/server/db/schema';
import { requireCohortAccess } from '~/lib/server/access/loaders';

const columns = { id: cohortLevels.id, name: cohortLevels.name, position: cohortLevels.position };

const readLevels = (db: DbOrTx, cohortId: number): Promise<CohortLevel[]> =>
  db.select(columns).from(cohortLevels).where(eq(cohortLevels.cohortId, cohortId)).orderBy(asc(cohortLevels.position), asc(cohortLevels.id));

/**
 * Runs a change to a cohort's levels with the cohort row locked, so two
 * concurrent changes cannot leave gaps or duplicate positions.
 */
async function withLevelsLocked<T>(cohortId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId)).for('update');
    return change(tx);
  });
}

/** Positions 0..n-1 in the current order (after a deletion). */
async function renumberLevels(tx: Tx, cohortId: number): Promise<void> {
  await tx.execute(sql`
    update ${cohortLevels} set position = ranked.position
    from (select id, (row_number() over (order by position, id) - 1)::int as position from ${cohortLevels} where cohort_id = ${cohortId}) as ranked
    where ${cohortLevels.id} = ranked.id and ${cohortLevels.position} <> ranked.position`);
}

/** A cohort's levels in order; any ACTIVE member of the cohort, and platform admins. */
export async function listCohortLevels(caller: Caller, cohortId: number): Promise<CohortLevel[]> {
  await requireCohortAccess(caller, cohortId, 'view');
  return readLevels(await getDb(), cohortId);
}

/** Adds a level at the end; tutors, cohort admins and platform admins. */
export async function createCohortLevel(caller: Caller, cohortId: number, name: string): Promise<CohortLevel> {
  await requireCohortAccess(caller, cohortId, 'manageLevels');
  return withLevelsLocked(cohortId, async (tx) => {
    const [last] = await tx.select({ count: sql<number>`count(*)::int` }).from(cohortLevels).where(eq(cohortLevels.cohortId, cohortId));
    const [row] = await tx.insert(cohortLevels).values({ cohortId, name, position: last?.count ?? 0 }).returning(columns);
    return row!;
  });
}

/** Renames a level of the cohort; 404 when the level belongs to another cohort. */
export async function renameCohortLevel(caller: Caller, cohortId: number, levelId: number, name: string): Promise<CohortLevel> {
  await requireCohortAccess(caller, cohortId, 'manageLevels');
  const db = await getDb();
  const [row] = await db
    .update(cohortLevels)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(cohortLevels.id, levelId), eq(cohortLevels.cohortId, cohortId)))
    .returning(columns);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Deletes a level of the cohort and closes the gap in positions. */
export async function deleteCohortLevel(caller: Caller, cohortId: number, levelId: number): Promise<void> {
  await requireCohortAccess(caller, cohortId, 'manageLevels');
  await withLevelsLocked(cohortId, async (tx) => {
    const deleted = await tx
      .delete(cohortLevels)
      .where(and(eq(cohortLevels.id, levelId), eq(cohortLevels.cohortId, cohortId)))
      .returning({ id: cohortLevels.id });
    if (deleted.length === 0) throw new AppError('not_found');
    await renumberLevels(tx, cohortId);
  });
}

/**
 * Puts the cohort's levels in the given order (positions 0..n-1). The list
 * must name every level of the cohort exactly once; otherwise nothing changes.
 */
export async function reorderCohortLevels(caller: Caller, cohortId: number, order: readonly number[]): Promise<CohortLevel[]> {
  await requireCohortAccess(caller, cohortId, 'manageLevels');
  return withLevelsLocked(cohortId, async (tx) => {
    const current = await readLevels(tx, cohortId);
    const ids = new Set(current.map((level) => level.id));
    const matches = order.length === ids.size && new Set(order).size === order.length && order.every((id) => ids.has(id));
    if (!matches) throw new AppError('level_order_mismatch');
    if (order.length === 0) return [];
    const cases = sql.join(order.map((id, position) => sql`when ${id}::int then ${position}::int`), sql` `);
    await tx
      .update(cohortLevels)
      .set({ position: sql`case ${cohortLevels.id} ${cases} end`, updatedAt: new Date() })
      .where(eq(cohortLevels.cohortId, cohortId));
    return readLevels(tx, cohortId);
  });
}
