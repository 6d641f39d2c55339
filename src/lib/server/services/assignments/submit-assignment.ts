/**
 * A student submits: text, a link and/or files, as the assignment allows.
 * Files stream from the request straight into private storage (never whole
 * in memory), each one's type read from its bytes, its size held to the
 * assignment's limit and the student's quota. Every submission is kept: a
 * resubmission is the next number. Lateness is judged when the request
 * arrives (a slow upload never makes work late): refused under `refuse`
 * (409 submission_late, before any byte is stored), penalized per day late
 * under `penalize`.
 */
import { and, eq, max, sql } from 'drizzle-orm';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { isGradeVisible, SUBMISSION_FILE_TYPES, SUBMISSION_MAX_FILES, type SubmissionFileType } from '~/lib/shared/assignments';
import { SubmissionFieldsSchema, type Submission } from '~/lib/shared/schemas/assignments';
import { fieldErrorsOf } from '~/lib/shared/validation';
import { requireReadAssignment, requireSubmitAssignment, requireActForUser, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess } from '~/lib/server/access/loaders';
import { getConfig } from '~/lib/server/config';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { submissionFiles, submissions, users } from '~/lib/server/db/schema';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';
import { deleteStreamedFiles, streamUploadToStorage, type StreamedFile } from '~/lib/server/http/stream-upload';
import { detectAttachmentType, nameWithExtensionOf } from '~/lib/server/storage/detect-attachment-type';
import { cleanFileName } from '~/lib/server/storage/file-names';
import { STORED_CONTENT_TYPES, type StoredContentType, type StoredExtension } from '~/lib/server/storage/types';
import type { AssignmentRow } from './assignment-cache';
import { acceptsSubmissionAt, getStudentDueAt, latenessOf } from './due-dates';
import { releaseOf } from './assignment-views';
import { readFilesOf, toSubmission } from './submission-views';

const MB = 1024 * 1024;

/** What people read in a 415: the kinds of file this assignment takes. */
const TYPE_LABELS: Record<SubmissionFileType, string> = {
  pdf: 'PDF', png: 'PNG', jpg: 'JPEG', webp: 'WebP', gif: 'GIF', zip: 'ZIP', docx: 'Word (.docx)', xlsx: 'Excel (.xlsx)', pptx: 'PowerPoint (.pptx)',
  odt: 'OpenDocument (.odt)', ods: 'OpenDocument (.ods)', odp: 'OpenDocument (.odp)', doc: 'Word (.doc)', xls: 'Excel (.xls)', ppt: 'PowerPoint (.ppt)',
};

const extensionOfType = (contentType: StoredContentType) => (Object.keys(STORED_CONTENT_TYPES) as StoredExtension[]).find((ext) => STORED_CONTENT_TYPES[ext] === contentType)!;

/** The types an assignment takes, as extensions. */
export const allowedTypesOf = (assignment: Pick<AssignmentRow, 'allowedFileTypes'>): readonly SubmissionFileType[] =>
  (assignment.allowedFileTypes as SubmissionFileType[] | null) ?? SUBMISSION_FILE_TYPES;

/** Bytes a student's submitted files take in all (what the quota counts). */
async function usedBytesOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ value: sql<string>`coalesce(sum(${submissionFiles.sizeBytes}), 0)` }).from(submissionFiles).where(eq(submissionFiles.userId, userId));
  return Number(row?.value ?? 0);
}

const quotaError = (quotaMb: number) => new AppError('submission_quota_exceeded', { params: { limit: `${quotaMb} MB` } });

/** The submission's text fields, checked (a NUL byte, a bad link, something the assignment does not take). */
function checkFields(assignment: AssignmentRow, raw: Record<string, string>, files: readonly StreamedFile[]) {
  const parsed = SubmissionFieldsSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('validation_failed', { fields: fieldErrorsOf(parsed.error.issues) });
  const text = parsed.data.text?.trim() ? parsed.data.text : undefined;
  const { link } = parsed.data;
  const allowed = new Set(assignment.submissionTypes);
  const fields: FieldErrors = {};
  if (text !== undefined && !allowed.has('text')) fields.text = 'validation.assignments.typeNotTaken';
  if (link !== undefined && !allowed.has('link')) fields.link = 'validation.assignments.typeNotTaken';
  if (files.length > 0 && !allowed.has('file')) fields.files = 'validation.assignments.typeNotTaken';
  if (text === undefined && link === undefined && files.length === 0) fields.submission = 'validation.assignments.emptySubmission';
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { fields });
  return { text: text ?? null, link: link ?? null, idUser: parsed.data.idUser };
}

/**
 * Submits the caller's work to an assignment from a multipart request
 * (fields `text`, `link`, `files` repeated). Students of the course only;
 * answers the new submission as its student sees it.
 */
export async function submitAssignment(caller: Caller, assignmentId: number, request: Request, clientKey?: string): Promise<Submission> {
  const arrivedAt = new Date();
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireReadAssignment(access, assignment, course.status);
  // A submission sent again (its answer was lost on the way back): the one it made, even if the due date passed since.
  const earlier = clientKey ? await findSubmissionByClientKey(assignment, caller.id, clientKey) : null;
  if (earlier) return earlier;
  requireSubmitAssignment(access, course.status);
  const dueAt = await getStudentDueAt(caller.id, assignment, course);
  if (!acceptsSubmissionAt(assignment, dueAt, arrivedAt.getTime())) throw new AppError('submission_late');

  const { SUBMISSION_QUOTA_MB: quotaMb } = getConfig();
  const db = await getDb();
  const room = quotaMb * MB - (await usedBytesOf(db, caller.id));
  const allowedTypes = allowedTypesOf(assignment);
  const upload = await streamUploadToStorage(request, {
    fileField: 'files',
    maxFiles: SUBMISSION_MAX_FILES,
    maxFileBytes: assignment.maxFileMb * MB,
    maxFileLabel: `${assignment.maxFileMb} MB`,
    maxTotalBytes: Math.max(0, room),
    quotaError: () => quotaError(quotaMb),
    detectType: (head, name) => {
      if (!assignment.submissionTypes.includes('file')) return null;
      const type = detectAttachmentType(head, name);
      return type && allowedTypes.includes(extensionOfType(type) as SubmissionFileType) ? type : null;
    },
    typeError: () =>
      assignment.submissionTypes.includes('file')
        ? new AppError('unsupported_media_type', { params: { expected: allowedTypes.map((type) => TYPE_LABELS[type]).join(', ') } })
        : new AppError('validation_failed', { fields: { files: 'validation.assignments.typeNotTaken' } }),
  });
  try {
    const fields = checkFields(assignment, upload.fields, upload.files);
    if (fields.idUser !== undefined) requireActForUser(caller, fields.idUser);
    let row: Awaited<ReturnType<typeof insertSubmission>>;
    try {
      row = await insertSubmission(assignment, caller.id, { ...fields, dueAt, arrivedAt, files: upload.files, quotaBytes: quotaMb * MB, clientKey: clientKey ?? null });
    } catch (error) {
      // The same submission twice at once: the second answers what the first made (and its files go).
      const same = clientKey && uniqueViolationOf(error) === 'submissions_user_client_key_unique' ? await findSubmissionByClientKey(assignment, caller.id, clientKey) : null;
      if (!same) throw error;
      await deleteStreamedFiles(upload.files);
      return same;
    }
    const files = upload.files.map((file, index) => ({ id: row.fileIds[index]!, name: row.names[index]!, size: file.size, contentType: file.contentType }));
    return toSubmission(row.submission, files, isGradeVisible(releaseOf(assignment)));
  } catch (error) {
    // No row points at the files: do not leave them behind.
    await deleteStreamedFiles(upload.files);
    throw error;
  }
}

/** The caller's submission to this assignment made with `clientKey`, as they see it (null if none). */
async function findSubmissionByClientKey(assignment: AssignmentRow, userId: number, clientKey: string): Promise<Submission | null> {
  const db = await getDb();
  const [row] = await db.select().from(submissions).where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.userId, userId), eq(submissions.clientKey, clientKey)));
  if (!row) return null;
  const files = await readFilesOf([row.id], db);
  return toSubmission(row, files.get(row.id) ?? [], isGradeVisible(releaseOf(assignment)));
}

/** Writes the submission and its files: the next number for the student, the quota checked again under a lock on the student. */
async function insertSubmission(
  assignment: AssignmentRow,
  userId: number,
  input: { text: string | null; link: string | null; dueAt: string | null; arrivedAt: Date; files: StreamedFile[]; quotaBytes: number; clientKey: string | null },
) {
  const db = await getDb();
  const names = input.files.map((file, index) => nameWithExtensionOf(cleanFileName(file.name, `archivo-${index + 1}`), file.contentType));
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // One submission of a student at a time: the quota and the number are read and written under this lock.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const added = input.files.reduce((sum, file) => sum + file.size, 0);
        if ((await usedBytesOf(tx, userId)) + added > input.quotaBytes) throw quotaError(input.quotaBytes / MB);
        const [last] = await tx
          .select({ value: max(submissions.number) })
          .from(submissions)
          .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.userId, userId)));
        const [submission] = await tx
          .insert(submissions)
          .values({
            assignmentId: assignment.id,
            userId,
            number: (last?.value ?? 0) + 1,
            submittedAt: input.arrivedAt,
            text: input.text,
            link: input.link,
            clientKey: input.clientKey,
            dueAt: input.dueAt ? new Date(input.dueAt) : null,
            ...latenessOf(assignment, input.arrivedAt, input.dueAt),
          })
          .returning();
        const fileRows = input.files.length
          ? await tx
              .insert(submissionFiles)
              .values(input.files.map((file, position) => ({ submissionId: submission!.id, userId, position, fileName: names[position]!, contentType: file.contentType, sizeBytes: file.size, storageKey: file.key })))
              .returning({ id: submissionFiles.id })
          : [];
        return { submission: submission!, fileIds: fileRows.map((file) => file.id), names };
      });
    } catch (error) {
      // Two submissions of the same student at once took the same number: the second tries again.
      const violated = uniqueViolationOf(error);
      if (attempt < 2 && violated !== null && violated !== 'submissions_user_client_key_unique') continue;
      throw error;
    }
  }
}
