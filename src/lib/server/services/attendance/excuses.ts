/**
 * A student's excuse for a session (issue 32): a note and an optional
 * supporting file (a medical certificate), kept in the storage adapter's
 * private area; the cohort's staff accept it (the attendance becomes
 * `excused`) or reject it. Sending it again while not accepted replaces it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { Excuse, ReviewExcuseBody, SubmitExcuseBody } from '~/lib/shared/schemas/attendance';
import { canTakeAttendance, requireAttendAsStudent, requireTakeAttendance, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { attendanceExcuses, liveAttendance, users } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { getStorage } from '~/lib/server/storage';
import { ATTACHMENT_TYPES_LABEL, detectAttachmentType, nameWithExtensionOf } from '~/lib/server/storage/detect-attachment-type';
import { cleanFileName } from '~/lib/server/storage/file-names';
import { applyMarks, lockSession } from './apply-marks';
import { findAttendanceSession } from './session-access';

type ExcuseRow = typeof attendanceExcuses.$inferSelect & { name: string };

const fileUrlOf = (row: { id: number; sessionId: number; fileKey: string | null }) =>
  row.fileKey ? `/api/v2/live-session/${row.sessionId}/attendance/excuses/${row.id}/file/` : null;

function toExcuse(row: ExcuseRow): Excuse {
  return {
    id: row.id,
    sessionId: row.sessionId,
    userId: row.userId,
    name: row.name,
    note: row.note,
    status: row.status,
    fileUrl: fileUrlOf(row),
    fileName: row.fileName,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
  };
}

async function readExcuses(db: DbOrTx, where: ReturnType<typeof and>): Promise<ExcuseRow[]> {
  const rows = await db
    .select({ excuse: attendanceExcuses, name: sql<string>`trim(${users.lastName} || ', ' || ${users.firstName})` })
    .from(attendanceExcuses)
    .innerJoin(users, eq(users.id, attendanceExcuses.userId))
    .where(where)
    .orderBy(asc(attendanceExcuses.createdAt), asc(attendanceExcuses.id));
  return rows.map((row) => ({ ...row.excuse, name: row.name }));
}

async function deleteExcuseFile(key: string | null): Promise<void> {
  if (!key) return;
  await getStorage()
    .deletePrivate(key)
    .catch((err: unknown) => log.error({ event: 'excuse_file_delete_failed', err, storageKey: key }, 'could not delete an excuse file'));
}

/**
 * A student of the session's cohort sends an excuse for themselves (never
 * for anyone else: the excuse is always the caller's). The file's type is
 * read from its bytes (PDF, images, office documents; else 415). Once
 * accepted it can no longer be replaced (409).
 */
export async function submitExcuse(caller: Caller, sessionId: number, body: SubmitExcuseBody): Promise<Excuse> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireAttendAsStudent(caller, roleId);
  let file: { key: string; name: string; type: string } | null = null;
  if (body.file && body.file.data.byteLength > 0) {
    const contentType = detectAttachmentType(body.file.data, body.file.name);
    if (!contentType) throw new AppError('unsupported_media_type', { params: { expected: ATTACHMENT_TYPES_LABEL } });
    const key = await getStorage().putPrivate(body.file.data, contentType);
    file = { key, name: nameWithExtensionOf(cleanFileName(body.file.name, `excusa-${session.id}`), contentType), type: contentType };
  }
  const db = await getDb();
  try {
    const { id, previousKey } = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ id: attendanceExcuses.id, status: attendanceExcuses.status, fileKey: attendanceExcuses.fileKey })
        .from(attendanceExcuses)
        .where(and(eq(attendanceExcuses.sessionId, session.id), eq(attendanceExcuses.userId, caller.id)))
        .for('update');
      if (before?.status === 'accepted') throw new AppError('excuse_already_accepted');
      const values = {
        note: body.note,
        fileKey: file?.key ?? null,
        fileName: file?.name ?? null,
        fileType: file?.type ?? null,
        status: 'pending' as const,
        reviewedBy: null,
        reviewedAt: null,
        reviewNote: null,
        updatedAt: new Date(),
      };
      const [row] = await tx
        .insert(attendanceExcuses)
        .values({ sessionId: session.id, userId: caller.id, ...values })
        .onConflictDoUpdate({ target: [attendanceExcuses.sessionId, attendanceExcuses.userId], set: values })
        .returning({ id: attendanceExcuses.id });
      return { id: row!.id, previousKey: before?.fileKey ?? null };
    });
    await deleteExcuseFile(previousKey);
    const [row] = await readExcuses(db, and(eq(attendanceExcuses.id, id)));
    return toExcuse(row!);
  } catch (error) {
    // No row points at the new file: do not leave it behind.
    await deleteExcuseFile(file?.key ?? null);
    throw error;
  }
}

/** A session's excuses: all of them for its staff, a student's own for them. */
export async function listExcuses(caller: Caller, sessionId: number): Promise<Excuse[]> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  const db = await getDb();
  if (canTakeAttendance(caller, roleId)) return (await readExcuses(db, and(eq(attendanceExcuses.sessionId, session.id)))).map(toExcuse);
  if (roleId === ROLE_IDS.student) return (await readExcuses(db, and(eq(attendanceExcuses.sessionId, session.id), eq(attendanceExcuses.userId, caller.id)))).map(toExcuse);
  throw new AppError('forbidden');
}

/**
 * The staff's review of an excuse: accepted sets the student's attendance to
 * `excused`; rejecting an excuse accepted before puts them back to `absent`.
 * Changes after the session are audited with the review's note as the reason.
 */
export async function reviewExcuse(caller: Caller, sessionId: number, excuseId: number, body: ReviewExcuseBody, now = new Date()): Promise<Excuse> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  requireTakeAttendance(caller, roleId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockSession(tx, session.id);
    const [excuse] = await tx
      .select({ userId: attendanceExcuses.userId, status: attendanceExcuses.status })
      .from(attendanceExcuses)
      .where(and(eq(attendanceExcuses.id, excuseId), eq(attendanceExcuses.sessionId, session.id)));
    if (!excuse) throw new AppError('not_found');
    await tx
      .update(attendanceExcuses)
      .set({ status: body.status, reviewedBy: caller.id, reviewedAt: now, reviewNote: body.note || null, updatedAt: now })
      .where(eq(attendanceExcuses.id, excuseId));
    const [current] = await tx
      .select({ status: liveAttendance.status })
      .from(liveAttendance)
      .where(and(eq(liveAttendance.sessionId, session.id), eq(liveAttendance.userId, excuse.userId)));
    const reason = body.note || null;
    if (body.status === 'accepted') await applyMarks(tx, session, [{ userId: excuse.userId, status: 'excused' }], { by: caller.id, reason, now });
    else if (current?.status === 'excused') await applyMarks(tx, session, [{ userId: excuse.userId, status: 'absent' }], { by: caller.id, reason, now });
  });
  const [row] = await readExcuses(db, and(eq(attendanceExcuses.id, excuseId)));
  return toExcuse(row!);
}

/** An excuse's supporting file, for its student and the session's staff (404 for anyone else, and when there is none). */
export async function getExcuseFile(caller: Caller, sessionId: number, excuseId: number): Promise<{ fileName: string; contentType: string; data: Uint8Array<ArrayBuffer> }> {
  const { session, roleId } = await findAttendanceSession(caller, sessionId);
  const db = await getDb();
  const [row] = await db
    .select({ userId: attendanceExcuses.userId, fileKey: attendanceExcuses.fileKey, fileName: attendanceExcuses.fileName })
    .from(attendanceExcuses)
    .where(and(eq(attendanceExcuses.id, excuseId), eq(attendanceExcuses.sessionId, session.id)));
  if (!row || !row.fileKey) throw new AppError('not_found');
  if (row.userId !== caller.id && !canTakeAttendance(caller, roleId)) throw new AppError('not_found');
  const file = await getStorage().getPrivate(row.fileKey);
  if (!file) throw new AppError('not_found');
  return { fileName: row.fileName ?? 'excusa', contentType: file.contentType, data: file.data };
}
