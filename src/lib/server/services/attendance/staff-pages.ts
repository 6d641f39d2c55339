/** What the staff's dashboards show of attendance: each of their cohorts' students with an absence alert. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { isAdmin, isMembershipActive, type Caller } from '~/lib/server/access/permission-basics';
import { getDb } from '~/lib/server/db/client';
import { cohorts } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { countAbsenceAlerts } from './absence-alert-cache';

export interface CohortAbsenceAlerts {
  cohortId: number;
  name: string;
  /** Students absent from the program's N sessions in a row. */
  alerts: number;
}

/** The ACTIVE cohorts whose attendance the caller takes (a tutor's and cohort admin's own, every one for a platform admin), each with its count of absence alerts (cached: absence-alert-cache.ts). */
export async function listCohortsWithAbsenceAlerts(caller: Caller, now = new Date()): Promise<CohortAbsenceAlerts[]> {
  const db = await getDb();
  let ids: number[] | null = null;
  if (!isAdmin(caller)) {
    const staffRoles: number[] = [ROLE_IDS.tutor, ROLE_IDS.cohortAdmin];
    ids = (await listMembershipsOf(caller.id)).filter((membership) => isMembershipActive(membership) && staffRoles.includes(membership.roleId)).map((membership) => membership.cohortId);
    if (ids.length === 0) return [];
  }
  const rows = await db
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(and(eq(cohorts.status, 'ACTIVE'), ids ? inArray(cohorts.id, ids) : undefined))
    .orderBy(asc(cohorts.name), asc(cohorts.id));
  const result: CohortAbsenceAlerts[] = [];
  for (const row of rows) result.push({ cohortId: row.id, name: row.name, alerts: await countAbsenceAlerts(db, row.id, now) });
  return result;
}
