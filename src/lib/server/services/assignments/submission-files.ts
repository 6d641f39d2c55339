/** One submitted file, to the student who sent it and to the graders who see them; anyone else finds nothing. */
import { and, eq } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { canManageContent, canSeeStudentWork, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { memberships, submissionFiles, submissions } from '~/lib/server/db/schema';
import { getStorage } from '~/lib/server/storage';
import type { DownloadStream } from '~/lib/server/http/file-download';

/** A submission file as a stream with its name and type (the student's own, or a student's the caller grades). */
export async function openSubmissionFile(caller: Caller, fileId: number): Promise<DownloadStream> {
  const db = await getDb();
  const [row] = await db
    .select({ fileName: submissionFiles.fileName, contentType: submissionFiles.contentType, storageKey: submissionFiles.storageKey, userId: submissions.userId, assignmentId: submissions.assignmentId })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(eq(submissionFiles.id, fileId));
  if (!row) throw new AppError('not_found');
  if (row.userId !== caller.id) {
    const { access } = await findAssignmentWithAccess(caller, row.assignmentId).catch(() => ({ access: 'none' as const }));
    if (!canManageContent(access)) throw new AppError('not_found');
    const scope = await getStudentWorkScope(caller, access);
    const cohorts = await db.select({ cohortId: memberships.cohortId }).from(memberships).where(and(eq(memberships.userId, row.userId), eq(memberships.roleId, ROLE_IDS.student)));
    if (!canSeeStudentWork(scope, row.userId, cohorts.map((item) => item.cohortId))) throw new AppError('not_found');
  }
  const file = await getStorage().openPrivate(row.storageKey);
  if (!file) throw new AppError('not_found');
  return { fileName: row.fileName, contentType: row.contentType, size: file.size, stream: file.stream as AsyncIterable<Uint8Array> };
}
