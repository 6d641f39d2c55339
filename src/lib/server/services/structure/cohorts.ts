import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Cohort, CreateCohortBody, UpdateCohortBody } from '~/lib/shared/schemas/structure';
import { cohortColumns, requireCohortAccess, type AdminAccess } from '~/lib/server/access/loaders';
import { activeMembershipOf, isAdmin, requireManageStructure, type Caller } from '~/lib/server/access/permissions';
import { getDb, type Db } from '~/lib/server/db/client';
import { cohorts, learningPaths, memberships, programs } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';

const columns = cohortColumns;

/** Non-admins see the cohorts where they have an ACTIVE membership (and the cohort is ACTIVE). */
function visibleTo(caller: Caller, db: Db): SQL | undefined {
  if (isAdmin(caller)) return undefined;
  const own = db.select({ id: memberships.cohortId }).from(memberships).innerJoin(cohorts, eq(cohorts.id, memberships.cohortId)).where(activeMembershipOf(caller.id));
  return inArray(cohorts.id, own);
}

/** One page of the cohorts the caller may see (every cohort for admins), newest first; `onlyIds` narrows it further. */
export async function listCohorts(caller: Caller, page: number, onlyIds?: readonly number[]): Promise<{ results: Cohort[]; count: number }> {
  const db = await getDb();
  const where = onlyIds ? and(visibleTo(caller, db), inArray(cohorts.id, [...onlyIds])) : visibleTo(caller, db);
  const { offset, limit } = pageWindow(page);
  const [results, [total]] = await Promise.all([
    db.select(columns).from(cohorts).where(where).orderBy(desc(cohorts.id)).offset(offset).limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(cohorts).where(where),
  ]);
  return { results, count: total?.count ?? 0 };
}

/** One page of the cohorts the admin screens list: every cohort for platform admins, the managed ones for tutors and cohort admins. */
export async function listAdminCohorts(caller: Caller, access: AdminAccess, page: number): Promise<{ results: Cohort[]; count: number }> {
  if (!access.open) return { results: [], count: 0 };
  return listCohorts(caller, page, access.isAdmin ? undefined : access.cohortIds);
}

/** One cohort the caller belongs to (any cohort for admins); 404 otherwise. */
export async function getCohort(caller: Caller, id: number): Promise<Cohort> {
  return requireCohortAccess(caller, id, 'view');
}

async function requireReferences(references: { learningPathId?: number; programId?: number | null }): Promise<void> {
  const db = await getDb();
  if (references.learningPathId !== undefined) {
    const [path] = await db.select({ id: learningPaths.id }).from(learningPaths).where(eq(learningPaths.id, references.learningPathId));
    if (!path) throw new AppError('unknown_reference', { params: { keys: 'learningPathId' } });
  }
  if (references.programId) {
    const [program] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, references.programId));
    if (!program) throw new AppError('unknown_reference', { params: { keys: 'programId' } });
  }
}

/** Creates a cohort in an existing learning path, optionally following a program (platform admins). */
export async function createCohort(caller: Caller, input: CreateCohortBody): Promise<Cohort> {
  requireManageStructure(caller);
  await requireReferences(input);
  const db = await getDb();
  const [row] = await db
    .insert(cohorts)
    .values({ learningPathId: input.learningPathId, programId: input.programId ?? null, name: input.name, startsOn: input.startsOn ?? null, endsOn: input.endsOn ?? null })
    .returning(columns);
  return row!;
}

export type CohortChanges = Pick<UpdateCohortBody, 'name' | 'startsOn' | 'endsOn' | 'status' | 'programId'>;

/**
 * Changes a cohort. Name and dates: platform admins, tutors and cohort admins
 * of the cohort; status and program: platform admins only.
 */
export async function updateCohort(caller: Caller, id: number, changes: CohortChanges): Promise<Cohort> {
  const current = await requireCohortAccess(caller, id, 'edit');
  if (changes.status !== undefined || changes.programId !== undefined) requireManageStructure(caller);
  await requireReferences({ programId: changes.programId });
  const startsOn = changes.startsOn === undefined ? current.startsOn : changes.startsOn;
  const endsOn = changes.endsOn === undefined ? current.endsOn : changes.endsOn;
  if (startsOn && endsOn && endsOn < startsOn) throw new AppError('validation_failed', { fields: { endsOn: 'validation.date.endBeforeStart' } });

  const db = await getDb();
  const [row] = await db
    .update(cohorts)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.startsOn !== undefined && { startsOn: changes.startsOn }),
      ...(changes.endsOn !== undefined && { endsOn: changes.endsOn }),
      ...(changes.status !== undefined && { status: changes.status }),
      ...(changes.programId !== undefined && { programId: changes.programId }),
      updatedAt: new Date(),
    })
    .where(eq(cohorts.id, id))
    .returning(columns);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Archives a cohort: its status becomes INACTIVE (nothing is deleted; platform admins). */
export async function archiveCohort(caller: Caller, id: number): Promise<Cohort> {
  return updateCohort(caller, id, { status: 'INACTIVE' });
}
