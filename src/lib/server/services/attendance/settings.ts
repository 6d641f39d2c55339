/**
 * A program's attendance thresholds (late after N minutes, present and late
 * shares of an online session's minutes, the absence alert's N), read where
 * a mark is decided; a program without its own holds the defaults.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_ATTENDANCE_SETTINGS, type AttendanceSettings } from '~/lib/shared/attendance';
import { AppError } from '~/lib/shared/errors';
import type { UpdateAttendanceSettingsBody } from '~/lib/shared/schemas/attendance';
import { requireManagedProgram } from '~/lib/server/access/loaders';
import { requireSetAttendanceSettings, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { attendanceSettings, cohorts, programs } from '~/lib/server/db/schema';

const settingsColumns = {
  lateAfterMinutes: attendanceSettings.lateAfterMinutes,
  presentPercent: attendanceSettings.presentPercent,
  latePercent: attendanceSettings.latePercent,
  absenceAlertAfter: attendanceSettings.absenceAlertAfter,
};

/** A program's thresholds (the defaults without a program or settings of its own). */
export async function readAttendanceSettings(db: DbOrTx, programId: number | null): Promise<AttendanceSettings> {
  if (programId === null) return DEFAULT_ATTENDANCE_SETTINGS;
  const [row] = await db.select(settingsColumns).from(attendanceSettings).where(eq(attendanceSettings.programId, programId));
  return row ?? DEFAULT_ATTENDANCE_SETTINGS;
}

/** The thresholds a cohort's sessions are marked by: its program's. */
export async function readCohortAttendanceSettings(db: DbOrTx, cohortId: number): Promise<AttendanceSettings> {
  const [row] = await db.select({ programId: cohorts.programId }).from(cohorts).where(eq(cohorts.id, cohortId));
  return readAttendanceSettings(db, row?.programId ?? null);
}

async function requireProgram(db: DbOrTx, programId: number): Promise<void> {
  const [row] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, programId));
  if (!row) throw new AppError('not_found');
}

/** A program's thresholds, for its staff (admins, and the staff of a cohort following it). */
export async function getProgramAttendanceSettings(caller: Caller, programId: number): Promise<AttendanceSettings> {
  const db = await getDb();
  await requireProgram(db, programId);
  await requireManagedProgram(caller, programId);
  return readAttendanceSettings(db, programId);
}

/** Sets a program's thresholds (platform admins). */
export async function setProgramAttendanceSettings(caller: Caller, programId: number, body: UpdateAttendanceSettingsBody): Promise<AttendanceSettings> {
  requireSetAttendanceSettings(caller);
  const db = await getDb();
  await requireProgram(db, programId);
  const values = {
    lateAfterMinutes: body.lateAfterMinutes,
    presentPercent: body.presentPercent,
    latePercent: body.latePercent,
    absenceAlertAfter: body.absenceAlertAfter,
    updatedBy: caller.id,
    updatedAt: new Date(),
  };
  const [row] = await db.insert(attendanceSettings).values({ programId, ...values }).onConflictDoUpdate({ target: attendanceSettings.programId, set: values }).returning(settingsColumns);
  return row!;
}
