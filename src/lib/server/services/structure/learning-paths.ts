import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { CreateLearningPathBody, LearningPath, UpdateLearningPathBody } from '~/lib/shared/schemas/structure';
import { activeMembershipOf, isAdmin, requireManageStructure, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohorts, learningPaths, memberships, organizations } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';

const columns = {
  id: learningPaths.id,
  organizationId: learningPaths.organizationId,
  name: learningPaths.name,
  description: learningPaths.description,
  status: learningPaths.status,
  assistantEnabled: learningPaths.assistantEnabled,
};

/** Non-admins see the ACTIVE learning paths of their ACTIVE cohorts; everything else does not exist for them. */
async function visibleTo(caller: Caller): Promise<SQL | undefined> {
  if (isAdmin(caller)) return undefined;
  const db = await getDb();
  const own = db.select({ id: cohorts.learningPathId }).from(memberships).innerJoin(cohorts, eq(cohorts.id, memberships.cohortId)).where(activeMembershipOf(caller.id));
  return and(inArray(learningPaths.id, own), eq(learningPaths.status, 'ACTIVE'));
}

/** One page of the learning paths the caller may see, optionally of one organization, by name. */
export async function listLearningPaths(caller: Caller, page: number, organizationId?: number): Promise<{ results: LearningPath[]; count: number }> {
  const db = await getDb();
  const where = and(await visibleTo(caller), organizationId ? eq(learningPaths.organizationId, organizationId) : undefined);
  const { offset, limit } = pageWindow(page);
  const [results, [total]] = await Promise.all([
    db.select(columns).from(learningPaths).where(where).orderBy(asc(learningPaths.name), asc(learningPaths.id)).offset(offset).limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(learningPaths).where(where),
  ]);
  return { results, count: total?.count ?? 0 };
}

/** One learning path the caller may see; 404 otherwise. */
export async function getLearningPath(caller: Caller, id: number): Promise<LearningPath> {
  const db = await getDb();
  const [row] = await db.select(columns).from(learningPaths).where(and(eq(learningPaths.id, id), await visibleTo(caller)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** Creates a learning path in an existing organization (platform admins). */
export async function createLearningPath(caller: Caller, input: CreateLearningPathBody): Promise<LearningPath> {
  requireManageStructure(caller);
  const db = await getDb();
  const [organization] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.organizationId));
  if (!organization) throw new AppError('unknown_reference', { params: { keys: 'organizationId' } });
  const [row] = await db
    .insert(learningPaths)
    .values({ organizationId: input.organizationId, name: input.name, description: input.description ?? '' })
    .returning(columns);
  return row!;
}

/** Changes a learning path's name, description, status or study assistant (platform admins); clears its cohorts' cached catalogs. */
export async function updateLearningPath(
  caller: Caller,
  id: number,
  changes: Pick<UpdateLearningPathBody, 'name' | 'description' | 'status' | 'assistantEnabled'>,
): Promise<LearningPath> {
  requireManageStructure(caller);
  const db = await getDb();
  const [row] = await db
    .update(learningPaths)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.status && { status: changes.status }),
      ...(changes.assistantEnabled !== undefined && { assistantEnabled: changes.assistantEnabled }),
      updatedAt: new Date(),
    })
    .where(eq(learningPaths.id, id))
    .returning(columns);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Archives a learning path: its status becomes INACTIVE (nothing is deleted). */
export async function archiveLearningPath(caller: Caller, id: number): Promise<LearningPath> {
  return updateLearningPath(caller, id, { status: 'INACTIVE' });
}
