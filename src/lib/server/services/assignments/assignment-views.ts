/** Assignment rows as the API shows them, and a student's own standing on some assignments (one indexed read). */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { finalScoreOf, isGradeVisible } from '~/lib/shared/assignments';
import type { Assignment, MyAssignmentState } from '~/lib/shared/schemas/assignments';
import type { SubmissionFileType, SubmissionType } from '~/lib/shared/assignments';
import { getDb } from '~/lib/server/db/client';
import { submissions } from '~/lib/server/db/schema';
import type { AssignmentRow } from './assignment-cache';
import { acceptsSubmissionAt } from './due-dates';

/** An assignment as the API shows it; `dueAt` is the caller's (a student's cohort may have moved it). */
export function toAssignment(
  row: AssignmentRow,
  course: { id: number; name: string },
  extra: { dueAt?: string | null; mine?: MyAssignmentState; submissionsCount?: number } = {},
): Assignment {
  return {
    id: row.id,
    courseId: row.courseId,
    course: { id: course.id, name: course.name },
    title: row.title,
    instructions: row.instructions,
    activityType: row.activityType,
    isCheckpoint: row.isCheckpoint,
    maxScore: row.maxScore,
    dueAt: extra.dueAt !== undefined ? extra.dueAt : (row.dueAt?.toISOString() ?? null),
    latePolicy: { mode: row.latePolicy, penaltyPercentPerDay: row.latePenaltyPercentPerDay },
    submissionTypes: row.submissionTypes as SubmissionType[],
    allowedFileTypes: row.allowedFileTypes as SubmissionFileType[] | null,
    maxFileMb: row.maxFileMb,
    published: row.published,
    anonymousGrading: row.anonymousGrading,
    gradeRelease: row.gradeRelease,
    gradesReleasedAt: row.gradesReleasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(extra.mine && { mine: extra.mine }),
    ...(extra.submissionsCount !== undefined && { submissionsCount: extra.submissionsCount }),
  };
}

/** The release state of a row, as the shared rules read it. */
export const releaseOf = (row: AssignmentRow) => ({ gradeRelease: row.gradeRelease, gradesReleasedAt: row.gradesReleasedAt?.toISOString() ?? null });

/**
 * A student's standing on each assignment (with their due date each): how
 * many submissions, the latest's state, the score once graded and released,
 * and whether they may submit now.
 */
export async function readMyStates(userId: number, items: readonly { row: AssignmentRow; dueAt: string | null }[], now = Date.now()): Promise<Map<number, MyAssignmentState>> {
  const states = new Map<number, MyAssignmentState>();
  if (items.length === 0) return states;
  const db = await getDb();
  const rows = await db
    .select({ assignmentId: submissions.assignmentId, number: submissions.number, status: submissions.status, submittedAt: submissions.submittedAt, score: submissions.score, penaltyPercent: submissions.penaltyPercent })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), inArray(submissions.assignmentId, items.map((item) => item.row.id))))
    .orderBy(desc(submissions.number));
  for (const { row, dueAt } of items) {
    const mine = rows.filter((submission) => submission.assignmentId === row.id);
    const latest = mine[0];
    const visible = isGradeVisible(releaseOf(row));
    const graded = latest !== undefined && latest.score !== null && visible;
    states.set(row.id, {
      status: !latest ? 'not_submitted' : graded ? 'graded' : latest.status,
      submissionsCount: mine.length,
      lastSubmittedAt: latest?.submittedAt.toISOString() ?? null,
      score: graded ? finalScoreOf(latest.score, latest.penaltyPercent) : null,
      canSubmit: row.published && acceptsSubmissionAt(row, dueAt, now),
    });
  }
  return states;
}
