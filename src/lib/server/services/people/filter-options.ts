/** The cohorts and learning paths the admin users page filters by (and assigns to). */
import { asc } from 'drizzle-orm';
import { requireManageAccounts, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohorts, learningPaths } from '~/lib/server/db/schema';

export interface PeopleFilterOptions {
  cohorts: { id: number; name: string }[];
  learningPaths: { id: number; name: string }[];
}

/** Every cohort and learning path by name; platform admins. */
export async function listPeopleFilterOptions(caller: Caller): Promise<PeopleFilterOptions> {
  requireManageAccounts(caller);
  const db = await getDb();
  const [cohortRows, pathRows] = await Promise.all([
    db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).orderBy(asc(cohorts.name), asc(cohorts.id)),
    db.select({ id: learningPaths.id, name: learningPaths.name }).from(learningPaths).orderBy(asc(learningPaths.name), asc(learningPaths.id)),
  ]);
  return { cohorts: cohortRows, learningPaths: pathRows };
}
