/** The session an attendance request is about, and the caller's role in its cohort. */
import { eq } from 'drizzle-orm';
import type { RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { activeCohortRoleOf, isAdmin, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohorts } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { findLiveSession } from '~/lib/server/services/live-sessions/live-sessions';

export type AttendanceSession = Awaited<ReturnType<typeof findLiveSession>>['row'];

/** The session (404 unless the caller may read its cohort) and the caller's ACTIVE role there (null for platform admins who are not members). */
export async function findAttendanceSession(caller: Caller, sessionId: number): Promise<{ session: AttendanceSession; roleId: RoleId | null }> {
  const { row } = await findLiveSession(caller, sessionId);
  const roleId = isAdmin(caller) ? null : activeCohortRoleOf(await listMembershipsOf(caller.id), row.cohortId);
  return { session: row, roleId };
}

/** A cohort's id (404 when there is none) and the caller's ACTIVE role in it (null for platform admins and non-members). */
export async function findCohortRole(caller: Caller, cohortId: number): Promise<{ cohortId: number; programId: number | null; roleId: RoleId | null }> {
  const db = await getDb();
  const [row] = await db.select({ id: cohorts.id, programId: cohorts.programId }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!row) throw new AppError('not_found');
  const roleId = isAdmin(caller) ? null : activeCohortRoleOf(await listMembershipsOf(caller.id), cohortId);
  return { cohortId: row.id, programId: row.programId, roleId };
}
