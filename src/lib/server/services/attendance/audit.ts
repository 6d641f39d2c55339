/** The audit of a session's attendance: every change after it ended (who, when, from what to what, why), newest first. */
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AttendanceAuditEntry } from '~/lib/shared/schemas/attendance';
import { requireReadAttendanceAudit, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { attendanceAudit, users } from '~/lib/server/db/schema';
import { findAttendanceSession } from './session-access';

const changers = alias(users, 'changers');

/** A session's audit (its cohort admins and platform admins). */
export async function listAttendanceAudit(caller: Caller, sessionId: number): Promise<AttendanceAuditEntry[]> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireReadAttendanceAudit(caller, roleId);
  const db = await getDb();
  const rows = await db
    .select({
      id: attendanceAudit.id,
      userId: attendanceAudit.userId,
      name: sql<string>`trim(${users.lastName} || ', ' || ${users.firstName})`,
      changedBy: attendanceAudit.changedBy,
      changedByName: sql<string | null>`case when ${changers.id} is null then null else trim(${changers.lastName} || ', ' || ${changers.firstName}) end`,
      changedAt: attendanceAudit.changedAt,
      fromStatus: attendanceAudit.fromStatus,
      toStatus: attendanceAudit.toStatus,
      fromMinutes: attendanceAudit.fromMinutes,
      toMinutes: attendanceAudit.toMinutes,
      reason: attendanceAudit.reason,
    })
    .from(attendanceAudit)
    .innerJoin(users, eq(users.id, attendanceAudit.userId))
    .leftJoin(changers, eq(changers.id, attendanceAudit.changedBy))
    .where(eq(attendanceAudit.sessionId, session.id))
    .orderBy(desc(attendanceAudit.changedAt), desc(attendanceAudit.id));
  return rows.map((row) => ({
    ...row,
    changedAt: row.changedAt.toISOString(),
    fromStatus: row.fromStatus as AttendanceAuditEntry['fromStatus'],
    toStatus: row.toStatus as AttendanceAuditEntry['toStatus'],
  }));
}
