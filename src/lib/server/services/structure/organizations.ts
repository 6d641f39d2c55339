import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { CreateOrganizationBody, Organization, UpdateOrganizationBody } from '~/lib/shared/schemas/structure';
import { activeMembershipOf, isAdmin, requireManageStructure, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohorts, learningPaths, memberships, organizations } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';

const columns = { id: organizations.id, name: organizations.name, status: organizations.status };

/** Non-admins see the ACTIVE organizations of their ACTIVE cohorts; everything else does not exist for them. */
async function visibleTo(caller: Caller): Promise<SQL | undefined> {
  if (isAdmin(caller)) return undefined;
  const db = await getDb();
  const own = db
    .select({ id: learningPaths.organizationId })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .innerJoin(learningPaths, eq(learningPaths.id, cohorts.learningPathId))
    .where(activeMembershipOf(caller.id));
  return and(inArray(organizations.id, own), eq(organizations.status, 'ACTIVE'));
}

/** One page of the organizations the caller may see (all of them for admins), by name. */
export async function listOrganizations(caller: Caller, page: number): Promise<{ results: Organization[]; count: number }> {
  const db = await getDb();
  const where = await visibleTo(caller);
  const { offset, limit } = pageWindow(page);
  const [results, [total]] = await Promise.all([
    db.select(columns).from(organizations).where(where).orderBy(asc(organizations.name), asc(organizations.id)).offset(offset).limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(organizations).where(where),
  ]);
  return { results, count: total?.count ?? 0 };
}

/** One organization the caller may see; 404 otherwise. */
export async function getOrganization(caller: Caller, id: number): Promise<Organization> {
  const db = await getDb();
  const [row] = await db.select(columns).from(organizations).where(and(eq(organizations.id, id), await visibleTo(caller)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** Creates an organization (platform admins). */
export async function createOrganization(caller: Caller, input: CreateOrganizationBody): Promise<Organization> {
  requireManageStructure(caller);
  const db = await getDb();
  const [row] = await db.insert(organizations).values({ name: input.name }).returning(columns);
  return row!;
}

/** Renames an organization or changes its status (platform admins); clears its cohorts' cached catalogs. */
export async function updateOrganization(caller: Caller, id: number, changes: Pick<UpdateOrganizationBody, 'name' | 'status'>): Promise<Organization> {
  requireManageStructure(caller);
  const db = await getDb();
  const [row] = await db
    .update(organizations)
    .set({ ...(changes.name !== undefined && { name: changes.name }), ...(changes.status && { status: changes.status }), updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning(columns);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Archives an organization: its status becomes INACTIVE (nothing is deleted). */
export async function archiveOrganization(caller: Caller, id: number): Promise<Organization> {
  return updateOrganization(caller, id, { status: 'INACTIVE' });
}
