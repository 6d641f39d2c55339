/** Submission rows as students and graders see them, with their files (one read per list). */
import { asc, inArray } from 'drizzle-orm';
import { finalScoreOf } from '~/lib/shared/assignments';
import type { StaffSubmission, StudentRef, Submission, SubmissionFile } from '~/lib/shared/schemas/assignments';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { submissionFiles, submissions } from '~/lib/server/db/schema';

export type SubmissionRow = typeof submissions.$inferSelect;

/** The files of some submissions, in order, by submission id. */
export async function readFilesOf(submissionIds: readonly number[], db?: DbOrTx): Promise<Map<number, SubmissionFile[]>> {
  const found = new Map<number, SubmissionFile[]>(submissionIds.map((id) => [id, []]));
  if (submissionIds.length === 0) return found;
  const handle = db ?? (await getDb());
  const rows = await handle
    .select({ id: submissionFiles.id, submissionId: submissionFiles.submissionId, name: submissionFiles.fileName, size: submissionFiles.sizeBytes, contentType: submissionFiles.contentType })
    .from(submissionFiles)
    .where(inArray(submissionFiles.submissionId, [...submissionIds]))
    .orderBy(asc(submissionFiles.submissionId), asc(submissionFiles.position));
  for (const { submissionId, ...file } of rows) found.get(submissionId)!.push(file);
  return found;
}

/** A submission as its student sees it: the score (after the penalty) and feedback only once `gradeVisible`. */
export function toSubmission(row: SubmissionRow, files: SubmissionFile[], gradeVisible: boolean): Submission {
  const graded = gradeVisible && row.score !== null;
  return {
    id: row.id,
    assignmentId: row.assignmentId,
    userId: row.userId,
    number: row.number,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    text: row.text,
    link: row.link,
    files,
    score: graded ? finalScoreOf(row.score, row.penaltyPercent) : null,
    feedback: graded ? row.feedback : null,
    lateDays: row.lateDays,
    penaltyPercent: row.penaltyPercent,
    gradedAt: graded ? (row.gradedAt?.toISOString() ?? null) : null,
  };
}

/** A submission as its graders see it: always graded, the raw score too, the student unless anonymous. */
export function toStaffSubmission(row: SubmissionRow, files: SubmissionFile[], who: { student: StudentRef | null; anonymousNumber: number }): StaffSubmission {
  return {
    ...toSubmission(row, files, true),
    userId: who.student ? row.userId : null,
    student: who.student,
    anonymousNumber: who.anonymousNumber,
    rawScore: row.score,
  };
}
