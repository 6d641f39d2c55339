/** Factories for attendance: a student's record in a session, an excuse, a program's thresholds. */
import { getDb } from '~/lib/server/db/client';
import { attendanceExcuses, attendanceSettings, liveAttendance } from '~/lib/server/db/schema';

/** A student's attendance record in a session (a staff mark by default: never joined). */
export async function createAttendance(sessionId: number, userId: number, overrides: Partial<typeof liveAttendance.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(liveAttendance)
    .values({ sessionId, userId, status: 'present', firstJoinedAt: null, lastJoinedAt: null, joins: 0, ...overrides })
    .returning();
  return row!;
}

/** A student's excuse for a session, pending by default. */
export async function createExcuse(sessionId: number, userId: number, overrides: Partial<typeof attendanceExcuses.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db.insert(attendanceExcuses).values({ sessionId, userId, note: 'Cita médica', ...overrides }).returning();
  return row!;
}

/** A program's attendance thresholds. */
export async function setAttendanceSettings(programId: number, overrides: Partial<typeof attendanceSettings.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db.insert(attendanceSettings).values({ programId, ...overrides }).onConflictDoUpdate({ target: attendanceSettings.programId, set: overrides }).returning();
  return row!;
}
