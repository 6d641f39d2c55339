/**
 * Files attached to a lesson. The bytes live in the storage adapter's private
 * area (never served by the public files endpoint); the rows keep their
 * original name, detected type, size and order. Readers of the lesson may
 * list and download them; managers of its content upload and delete.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { LESSON_ATTACHMENTS_MAX_PER_LESSON } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { lessonAttachmentApiPath } from '~/lib/shared/lesson-files';
import type { LessonAttachment } from '~/lib/shared/schemas/lesson-attachments';
import type { UploadedFile } from '~/lib/shared/schemas/uploads';
import { requireManageContent, requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { getDb, type Tx } from '~/lib/server/db/client';
import { lessonAttachments, lessons } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { getStorage } from '~/lib/server/storage';
import { ATTACHMENT_TYPES_LABEL, detectAttachmentType, nameWithExtensionOf } from '~/lib/server/storage/detect-attachment-type';
import { cleanFileName } from '~/lib/server/storage/file-names';
import { findLessonWithAccess } from '~/lib/server/access/loaders';
import { lessonAttachmentLists } from './content-cache';

type AttachmentRow = typeof lessonAttachments.$inferSelect;

const toAttachment = (row: AttachmentRow): LessonAttachment => ({
  id: row.id,
  lessonId: row.lessonId,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  downloadUrl: lessonAttachmentApiPath(row.lessonId, row.id),
});

/** Locks the lesson row until the transaction ends, so attachment positions of one lesson change one call at a time. */
async function lockLesson(tx: Tx, lessonId: number): Promise<number> {
  const [locked] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId)).for('update');
  if (!locked) throw new AppError('not_found');
  const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(lessonAttachments).where(eq(lessonAttachments.lessonId, lessonId));
  return row?.total ?? 0;
}

/**
 * Locks the lesson row and answers the storage keys of its attachments, for a
 * transaction about to delete the lesson (the cascade removes the rows, not
 * the files). Holding the lock, an upload in flight either lands before the
 * keys are read or finds the lesson gone.
 */
export async function lockAttachmentKeysOf(tx: Tx, lessonId: number): Promise<string[]> {
  await lockLesson(tx, lessonId);
  const rows = await tx.select({ storageKey: lessonAttachments.storageKey }).from(lessonAttachments).where(eq(lessonAttachments.lessonId, lessonId));
  return rows.map((row) => row.storageKey);
}

/**
 * Removes stored attachment files whose rows are already gone (call after the
 * commit). The change is done by then, so a file that cannot be removed is
 * logged for the operator rather than failing the request.
 */
export async function deleteAttachmentFiles(storageKeys: readonly string[]): Promise<void> {
  const storage = getStorage();
  const results = await Promise.allSettled(storageKeys.map((key) => storage.deletePrivate(key)));
  results.forEach((result, index) => {
    if (result.status !== 'rejected') return;
    log.error({ event: 'attachment_file_delete_failed', err: result.reason, storageKey: storageKeys[index] }, 'could not delete a lesson attachment file');
  });
}

/** Throws 404 unless the caller may read the lesson (students: once its course is released to their cohort). */
async function requireReadableLesson(caller: Caller, lessonId: number): Promise<void> {
  const { access, visibleStatus } = await findLessonWithAccess(caller, lessonId);
  requireReadContent(access, visibleStatus);
}

/** A lesson's attachments in order, for whoever may read the lesson (briefly cached: the lesson page lists them on every view). */
export async function listLessonAttachments(caller: Caller, lessonId: number): Promise<LessonAttachment[]> {
  await requireReadableLesson(caller, lessonId);
  return lessonAttachmentLists.getOrLoad(lessonId, async () => {
    const db = await getDb();
    const rows = await db
      .select()
      .from(lessonAttachments)
      .where(eq(lessonAttachments.lessonId, lessonId))
      .orderBy(asc(lessonAttachments.position), asc(lessonAttachments.id));
    return rows.map(toAttachment);
  });
}

/**
 * Attaches an uploaded file to a lesson, after its last attachment (managers
 * of the content). Its type is read from its bytes: PDF, images, Office and
 * OpenDocument files, zip (else 415); at most LESSON_ATTACHMENTS_MAX_PER_LESSON
 * per lesson (409).
 */
export async function uploadLessonAttachment(caller: Caller, lessonId: number, file: UploadedFile): Promise<LessonAttachment> {
  const { access, visibleStatus } = await findLessonWithAccess(caller, lessonId);
  requireManageContent(access, visibleStatus);
  if (file.data.byteLength === 0) throw new AppError('validation_failed', { fields: { file: 'validation.attachments.empty' } });
  const contentType = detectAttachmentType(file.data, file.name);
  if (!contentType) throw new AppError('unsupported_media_type', { params: { expected: ATTACHMENT_TYPES_LABEL } });
  const fileName = nameWithExtensionOf(cleanFileName(file.name, `lesson-${lessonId}`), contentType);
  const storage = getStorage();
  const key = await storage.putPrivate(file.data, contentType);
  try {
    const db = await getDb();
    const row = await db.transaction(async (tx) => {
      const total = await lockLesson(tx, lessonId);
      if (total >= LESSON_ATTACHMENTS_MAX_PER_LESSON) throw new AppError('lesson_attachments_full', { params: { count: LESSON_ATTACHMENTS_MAX_PER_LESSON } });
      const [inserted] = await tx
        .insert(lessonAttachments)
        .values({ lessonId, fileName, contentType, sizeBytes: file.data.byteLength, storageKey: key, position: total })
        .returning();
      return inserted!;
    });
    return toAttachment(row);
  } catch (error) {
    // No row points at the file: do not leave it behind.
    await storage.deletePrivate(key);
    throw error;
  }
}

/** Removes an attachment and its stored file, closing the gap in the order (managers of the content). */
export async function deleteLessonAttachment(caller: Caller, lessonId: number, attachmentId: number): Promise<void> {
  const { access, visibleStatus } = await findLessonWithAccess(caller, lessonId);
  requireManageContent(access, visibleStatus);
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    await lockLesson(tx, lessonId);
    const [row] = await tx
      .delete(lessonAttachments)
      .where(and(eq(lessonAttachments.id, attachmentId), eq(lessonAttachments.lessonId, lessonId)))
      .returning({ position: lessonAttachments.position, storageKey: lessonAttachments.storageKey });
    if (!row) throw new AppError('not_found');
    await tx
      .update(lessonAttachments)
      .set({ position: sql`${lessonAttachments.position} - 1` })
      .where(and(eq(lessonAttachments.lessonId, lessonId), gt(lessonAttachments.position, row.position)));
    return row;
  });
  // After the commit: a failed transaction keeps its file.
  await deleteAttachmentFiles([deleted.storageKey]);
}

/** An attachment's bytes with its name and type, for whoever may read the lesson (404 otherwise, and for another lesson's attachment). */
export async function getLessonAttachmentFile(
  caller: Caller,
  lessonId: number,
  attachmentId: number,
): Promise<{ fileName: string; contentType: string; data: Uint8Array<ArrayBuffer> }> {
  await requireReadableLesson(caller, lessonId);
  const db = await getDb();
  const [row] = await db
    .select({ fileName: lessonAttachments.fileName, contentType: lessonAttachments.contentType, storageKey: lessonAttachments.storageKey })
    .from(lessonAttachments)
    .where(and(eq(lessonAttachments.id, attachmentId), eq(lessonAttachments.lessonId, lessonId)));
  if (!row) throw new AppError('not_found');
  const file = await getStorage().getPrivate(row.storageKey);
  if (!file) throw new AppError('not_found');
  return { fileName: row.fileName, contentType: row.contentType, data: file.data };
}
