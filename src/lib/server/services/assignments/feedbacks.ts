/**
 * Feedback from staff to a student, about a submission, a quiz attempt or a
 * lesson. A student reads their own (released) feedback and marks it seen;
 * the unseen count is the shell's badge, cached per student and dropped by
 * the change feed when their feedback changes. Staff write to the students
 * whose work they see, about what they manage, and read what they see.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { pageWindow, type Page } from '~/lib/shared/pagination';
import type { CreateFeedbackBody, Feedback } from '~/lib/shared/schemas/assignments';
import { isAdmin, managedCohortIdsOf, requireWriteFeedback, attemptVisibleIn, type AttemptScope, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, findLessonWithAccess, findQuizWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb, type Tx } from '~/lib/server/db/client';
import { assignments, feedbacks, lessons, quizAttempts, quizzes, submissions, users } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { studentCohortsOf } from './due-dates';

/** Unseen released feedback by student: the shell reads it on every page. */
const unseenCounts = defineCache<number, number>({
  ttlMs: 10 * 60_000,
  max: 50_000,
  invalidatedBy: { feedbacks: (keys) => idsOf(keys, 'student_id') },
});

/** How many released feedbacks a student has not read yet (cached). */
export function countUnseenFeedback(userId: number): Promise<number> {
  return unseenCounts.getOrLoad(userId, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ value: count() })
      .from(feedbacks)
      .where(and(eq(feedbacks.studentId, userId), isNotNull(feedbacks.releasedAt), isNull(feedbacks.seenAt)));
    return row?.value ?? 0;
  });
}

const aboutColumns = {
  assignmentId: assignments.id,
  assignmentTitle: assignments.title,
  quizId: quizzes.id,
  quizTitle: quizzes.title,
  lessonTitle: lessons.title,
};

/** Feedback rows with their author and what they are about. */
async function readFeedbacks(where: SQL, window?: { limit: number; offset: number }) {
  const db = await getDb();
  const query = db
    .select({ feedback: feedbacks, author: { id: users.id, firstName: users.firstName, lastName: users.lastName }, ...aboutColumns })
    .from(feedbacks)
    .leftJoin(users, eq(users.id, feedbacks.authorId))
    .leftJoin(submissions, eq(submissions.id, feedbacks.submissionId))
    .leftJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .leftJoin(quizAttempts, eq(quizAttempts.id, feedbacks.quizAttemptId))
    .leftJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .leftJoin(lessons, eq(lessons.id, feedbacks.lessonId))
    .where(where)
    // Unread first, then newest.
    .orderBy(sql`${feedbacks.seenAt} is not null`, desc(feedbacks.createdAt), desc(feedbacks.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return rows.map((row): Feedback => {
    const { feedback } = row;
    const about =
      feedback.submissionId !== null
        ? { kind: 'assignment' as const, id: row.assignmentId!, title: row.assignmentTitle ?? '', href: `/assignments/${row.assignmentId}` }
        : feedback.quizAttemptId !== null
          ? { kind: 'quiz' as const, id: row.quizId!, title: row.quizTitle ?? '', href: `/quizzes/${row.quizId}` }
          : { kind: 'lesson' as const, id: feedback.lessonId!, title: row.lessonTitle ?? '', href: `/lessons/${feedback.lessonId}` };
    return {
      id: feedback.id,
      studentId: feedback.studentId,
      author: row.author?.id ? { id: row.author.id, firstName: row.author.firstName, lastName: row.author.lastName } : null,
      submissionId: feedback.submissionId,
      quizAttemptId: feedback.quizAttemptId,
      lessonId: feedback.lessonId,
      about,
      body: feedback.body,
      createdAt: feedback.createdAt.toISOString(),
      seenAt: feedback.seenAt?.toISOString() ?? null,
    };
  });
}

/** Whose feedback a caller reads: platform admins everyone's, tutors and cohort admins their cohorts' students' (and their own), a student their own. */
async function feedbackScopeOf(caller: Caller): Promise<AttemptScope> {
  if (isAdmin(caller)) return { kind: 'all' };
  const managed = managedCohortIdsOf(await listMembershipsOf(caller.id));
  return managed.length ? { kind: 'cohorts', cohortIds: managed } : { kind: 'own', userId: caller.id };
}

/**
 * A page of feedback, unread first then newest: a student's own (released
 * only); staff see their students' (`?student=` for one), released or not.
 */
export async function listFeedbacks(caller: Caller, query: { page: number; student?: number; unseen?: boolean }, requestUrl: string): Promise<Page<Feedback>> {
  const scope = await feedbackScopeOf(caller);
  const own = scope.kind === 'own';
  const where = and(
    own ? and(eq(feedbacks.studentId, caller.id), isNotNull(feedbacks.releasedAt)) : attemptVisibleIn(scope, feedbacks.studentId),
    !own && query.student ? eq(feedbacks.studentId, query.student) : undefined,
    query.unseen ? isNull(feedbacks.seenAt) : undefined,
  )!;
  const db = await getDb();
  const [total] = await db.select({ value: count() }).from(feedbacks).where(where);
  const { offset, limit } = pageWindow(query.page);
  return toPage(await readFeedbacks(where, { limit, offset }), total?.value ?? 0, query.page, requestUrl);
}

/** One feedback by id as readFeedbacks shows it. */
async function readFeedback(id: number): Promise<Feedback> {
  const [found] = await readFeedbacks(eq(feedbacks.id, id));
  if (!found) throw new AppError('not_found');
  return found;
}

/** Throws a field error unless the scope sees the student (staff only write to students whose work they see). */
async function requireStudentInScope(scope: AttemptScope, studentId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, studentId), attemptVisibleIn(scope, users.id)));
  if (!row) throw new AppError('validation_failed', { fields: { studentId: 'validation.feedback.unknownStudent' } });
}

/**
 * Writes a feedback to a student about one of their submissions, quiz
 * attempts, or a lesson of a course they take (staff of the course who see
 * the student). It is theirs to read at once.
 */
export async function createFeedback(caller: Caller, body: CreateFeedbackBody): Promise<Feedback> {
  const db = await getDb();
  const mismatch = (field: string) => new AppError('validation_failed', { fields: { [field]: 'validation.feedback.notTheStudents' } });
  let scope: AttemptScope;
  if (body.submissionId !== undefined) {
    const [submission] = await db.select({ userId: submissions.userId, assignmentId: submissions.assignmentId }).from(submissions).where(eq(submissions.id, body.submissionId));
    if (!submission) throw new AppError('not_found');
    const { access } = await findAssignmentWithAccess(caller, submission.assignmentId);
    requireWriteFeedback(access);
    scope = await getStudentWorkScope(caller, access);
    if (submission.userId !== body.studentId) throw mismatch('submissionId');
  } else if (body.quizAttemptId !== undefined) {
    const [attempt] = await db.select({ userId: quizAttempts.userId, quizId: quizAttempts.quizId }).from(quizAttempts).where(eq(quizAttempts.id, body.quizAttemptId));
    if (!attempt) throw new AppError('not_found');
    const { access } = await findQuizWithAccess(caller, attempt.quizId);
    requireWriteFeedback(access);
    scope = await getStudentWorkScope(caller, access);
    if (attempt.userId !== body.studentId) throw mismatch('quizAttemptId');
  } else {
    const { course, access } = await findLessonWithAccess(caller, body.lessonId!);
    requireWriteFeedback(access);
    scope = await getStudentWorkScope(caller, access);
    if ((await studentCohortsOf(body.studentId, course)).length === 0) throw mismatch('lessonId');
  }
  await requireStudentInScope(scope, body.studentId);
  const [row] = await db
    .insert(feedbacks)
    .values({
      studentId: body.studentId,
      authorId: caller.id,
      submissionId: body.submissionId ?? null,
      quizAttemptId: body.quizAttemptId ?? null,
      lessonId: body.lessonId ?? null,
      body: body.body,
      releasedAt: new Date(),
    })
    .returning({ id: feedbacks.id });
  return readFeedback(row!.id);
}

/** Marks one of the caller's released feedbacks as read (again: nothing changes); anyone else's is not found. */
export async function markFeedbackSeen(caller: Caller, feedbackId: number): Promise<Feedback> {
  const db = await getDb();
  const [row] = await db
    .update(feedbacks)
    .set({ seenAt: sql`coalesce(${feedbacks.seenAt}, now())` })
    .where(and(eq(feedbacks.id, feedbackId), eq(feedbacks.studentId, caller.id), isNotNull(feedbacks.releasedAt)))
    .returning({ id: feedbacks.id });
  if (!row) throw new AppError('not_found');
  return readFeedback(row.id);
}

/**
 * Marks as read a student's released feedback on some of their submissions
 * (their assignment page shows it); answers the ids of the submissions
 * whose feedback was new, to mark it so on that page.
 */
export async function markSubmissionFeedbackSeen(userId: number, submissionIds: readonly number[]): Promise<Set<number>> {
  if (submissionIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .update(feedbacks)
    .set({ seenAt: sql`now()` })
    .where(and(eq(feedbacks.studentId, userId), isNotNull(feedbacks.releasedAt), isNull(feedbacks.seenAt), inArray(feedbacks.submissionId, [...submissionIds])))
    .returning({ submissionId: feedbacks.submissionId });
  return new Set(rows.map((row) => row.submissionId!));
}

/**
 * The feedback page: a student's latest released feedback, unread first,
 * marked read as it is shown (the badge clears); `isNew` says what was
 * unread before this view.
 */
export async function readFeedbackPage(userId: number): Promise<(Feedback & { isNew: boolean })[]> {
  const list = await readFeedbacks(and(eq(feedbacks.studentId, userId), isNotNull(feedbacks.releasedAt))!, { limit: 100, offset: 0 });
  const unread = list.filter((item) => item.seenAt === null).map((item) => item.id);
  if (unread.length) {
    const db = await getDb();
    await db.update(feedbacks).set({ seenAt: sql`now()` }).where(and(eq(feedbacks.studentId, userId), inArray(feedbacks.id, unread), isNull(feedbacks.seenAt)));
  }
  return list.map((item) => ({ ...item, isNew: item.seenAt === null }));
}

/**
 * A quiz grader's comment on an open answer, as a feedback for the student
 * (counted unseen until read), written in the grading's transaction. The
 * same words again (a grade changed, not its comment) add nothing.
 */
export async function recordQuizFeedback(tx: Tx, grade: { studentId: number; authorId: number; attemptId: number; body: string; previous: string | null }): Promise<void> {
  if (!grade.body.trim() || grade.body === grade.previous) return;
  await tx.insert(feedbacks).values({ studentId: grade.studentId, authorId: grade.authorId, quizAttemptId: grade.attemptId, body: grade.body, releasedAt: new Date() });
}
