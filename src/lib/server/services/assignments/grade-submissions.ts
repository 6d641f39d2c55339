/**
 * Grading: one submission at a time (the grading view), many at once (a
 * bulk request, a grading sheet), all or nothing. A grade's feedback text
 * is also a feedback for the student, released with the grade (at once
 * under automatic release, otherwise when the staff release the grades) and
 * counted as unseen until they read it; changing the text makes it unseen
 * again, clearing it removes it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type FieldErrors, type FieldProblem } from '~/lib/shared/errors';
import { isGradeVisible } from '~/lib/shared/assignments';
import type { GradeItem, StaffSubmission } from '~/lib/shared/schemas/assignments';
import { requireManageContent, attemptVisibleIn, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { getDb, type Tx } from '~/lib/server/db/client';
import { feedbacks, submissions } from '~/lib/server/db/schema';
import type { AssignmentRow } from './assignment-cache';
import { releaseOf } from './assignment-views';
import { getSubmissionDetail } from './submissions';

/** A grade about to be written, checked. */
export interface CheckedGrade {
  submissionId: number;
  userId: number;
  score: number;
  /** The feedback text; '' clears it. */
  feedback: string;
  released: boolean;
}

const UPDATE_CHUNK = 2000;
const arrayLiteral = (values: readonly (string | number | boolean | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/[\\"]/g, (char) => `\\${char}`)}"`)).join(',')}}`;

/** A grade that cannot be written: which item, which field, why (an i18n key). */
export interface GradeProblem {
  index: number;
  field: 'submissionId' | 'score';
  problem: FieldProblem;
}

/**
 * Checks grades against what the caller may grade: each submission exists
 * and its student is one the caller sees in an assignment they manage, the
 * score is at most the assignment's maximum. With `single`, the one item's
 * refusal is thrown as is (404, 403); otherwise problems come back per item.
 */
export async function checkGrades(caller: Caller, items: readonly GradeItem[], single = false): Promise<{ grades: CheckedGrade[]; problems: GradeProblem[] }> {
  const db = await getDb();
  const ids = [...new Set(items.map((item) => item.submissionId))];
  const found = ids.length ? await db.select({ id: submissions.id, assignmentId: submissions.assignmentId, userId: submissions.userId }).from(submissions).where(inArray(submissions.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  // Each assignment's access is checked once, then which of its submissions the caller sees.
  const assignmentsById = new Map<number, { row: AssignmentRow; visibleIds: Set<number> } | null>();
  const refusals: unknown[] = [];
  for (const assignmentId of new Set(found.map((row) => row.assignmentId))) {
    try {
      const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
      requireManageContent(access, course.status);
      const scope = await getStudentWorkScope(caller, access);
      const mine = found.filter((row) => row.assignmentId === assignmentId).map((row) => row.id);
      const visible = await db.select({ id: submissions.id }).from(submissions).where(and(inArray(submissions.id, mine), attemptVisibleIn(scope, submissions.userId)));
      assignmentsById.set(assignmentId, { row: assignment, visibleIds: new Set(visible.map((row) => row.id)) });
    } catch (error) {
      // A single grade answers the assignment's own refusal (404 or 403); in a batch it is that item's problem.
      if (single) throw error;
      refusals.push(error);
      assignmentsById.set(assignmentId, null);
    }
  }
  // A batch where the caller grades none of the assignments is refused as a whole (403 before 404), not item by item.
  if (refusals.length > 0 && [...assignmentsById.values()].every((entry) => entry === null)) {
    throw refusals.find((error) => error instanceof AppError && error.code === 'forbidden') ?? refusals[0];
  }
  const problems: GradeProblem[] = [];
  const grades: CheckedGrade[] = [];
  items.forEach((item, index) => {
    const submission = byId.get(item.submissionId);
    const assignment = submission ? assignmentsById.get(submission.assignmentId) : null;
    if (!submission || !assignment || !assignment.visibleIds.has(submission.id)) {
      if (single) throw new AppError('not_found');
      problems.push({ index, field: 'submissionId', problem: 'validation.assignments.unknownSubmission' });
      return;
    }
    if (item.score > assignment.row.maxScore) {
      problems.push({ index, field: 'score', problem: { key: 'validation.number.max', params: { count: assignment.row.maxScore } } });
      return;
    }
    grades.push({ submissionId: submission.id, userId: submission.userId, score: item.score, feedback: item.feedback ?? '', released: isGradeVisible(releaseOf(assignment.row)) });
  });
  return { grades, problems };
}

/** Writes checked grades and their feedback (in the caller's transaction). */
export async function writeGrades(tx: Tx, graderId: number, grades: readonly CheckedGrade[]): Promise<void> {
  for (let start = 0; start < grades.length; start += UPDATE_CHUNK) {
    const chunk = grades.slice(start, start + UPDATE_CHUNK);
    await tx.execute(sql`update ${submissions} set score = v.score, feedback = nullif(v.feedback, ''), graded_by = ${graderId}, graded_at = now()
      from unnest(${arrayLiteral(chunk.map((grade) => grade.submissionId))}::int[], ${arrayLiteral(chunk.map((grade) => grade.score))}::float8[],
        ${arrayLiteral(chunk.map((grade) => grade.feedback))}::text[]) as v(id, score, feedback)
      where ${submissions.id} = v.id`);
    const withText = chunk.filter((grade) => grade.feedback !== '');
    const cleared = chunk.filter((grade) => grade.feedback === '');
    if (cleared.length) {
      await tx.delete(feedbacks).where(and(eq(feedbacks.fromGrade, true), inArray(feedbacks.submissionId, cleared.map((grade) => grade.submissionId))));
    }
    if (withText.length) {
      await tx
        .insert(feedbacks)
        .values(
          withText.map((grade) => ({
            studentId: grade.userId,
            authorId: graderId,
            submissionId: grade.submissionId,
            fromGrade: true,
            body: grade.feedback,
            releasedAt: grade.released ? new Date() : null,
          })),
        )
        .onConflictDoUpdate({
          target: feedbacks.submissionId,
          targetWhere: sql`${feedbacks.fromGrade}`,
          set: {
            // New words are news again; the same words keep having been seen.
            seenAt: sql`case when ${feedbacks.body} = excluded.body then ${feedbacks.seenAt} else null end`,
            releasedAt: sql`coalesce(${feedbacks.releasedAt}, excluded.released_at)`,
            body: sql`excluded.body`,
            authorId: sql`excluded.author_id`,
            updatedAt: sql`now()`,
          },
        });
    }
  }
}

/** Grades one submission (`POST assignments/submissions/grade/`): its graders who see the student; answers the submission as they see it. */
export async function gradeSubmission(caller: Caller, item: GradeItem): Promise<StaffSubmission> {
  const { grades, problems } = await checkGrades(caller, [item], true);
  if (problems.length) throw new AppError('validation_failed', { fields: { [problems[0]!.field]: problems[0]!.problem } });
  const db = await getDb();
  await db.transaction((tx) => writeGrades(tx, caller.id, grades));
  return (await getSubmissionDetail(caller, item.submissionId)).submission;
}

/** Grades many submissions at once (`…/grade/bulk/`), all or nothing: any problem → 400 naming each item (`grades.<i>.<field>`), nothing written. */
export async function gradeSubmissions(caller: Caller, items: readonly GradeItem[]): Promise<{ graded: number }> {
  const { grades, problems } = await checkGrades(caller, items);
  if (problems.length) {
    const fields: FieldErrors = Object.fromEntries(problems.map((item) => [`grades.${item.index}.${item.field}`, item.problem]));
    throw new AppError('validation_failed', { fields });
  }
  const db = await getDb();
  await db.transaction((tx) => writeGrades(tx, caller.id, grades));
  return { graded: grades.length };
}
