/** What the quiz page shows: a student's quiz, state and past attempts; the staff's settings and a preview of the questions as students see them. */
import { and, asc, desc, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Attempt, AttemptDetail, ReaderQuiz, StaffQuiz, TakingQuestion } from '~/lib/shared/schemas/quizzes';
import { canManageContent, requireReadQuiz, type Caller } from '~/lib/server/access/permissions';
import { findQuizWithAccess, getAttemptScope, type CourseRow } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { cohortCourses, cohorts, quizAttempts } from '~/lib/server/db/schema';
import { toStaffQuiz } from './author-quiz';
import { getAttemptDetail } from './attempt-results';
import { getVersions, type QuizSettings } from './quiz-cache';
import { toAttempt, toTakingQuestion } from './quiz-views';
import { readStudentStates, toReaderQuiz } from './student-states';

export type QuizPage =
  | { role: 'student'; quiz: ReaderQuiz; course: CourseRow; attempts: Attempt[] }
  | { role: 'staff'; quiz: ReaderQuiz; settings: QuizSettings; course: CourseRow; preview: TakingQuestion[]; draws: { tag: string; count: number }[] };

/** The quiz page's data for the caller (404 for anyone who cannot see the quiz). */
export async function getQuizPage(caller: Caller, quizId: number): Promise<QuizPage> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireReadQuiz(access, definition.quiz, course.status);
  const { quiz } = definition;
  if (access === 'manage') {
    const versions = await getVersions(definition.fixed.map((ref) => ref.versionId));
    return {
      role: 'staff',
      quiz: toReaderQuiz(quiz, { attemptsUsed: 0, bestPercent: null, status: 'not_started', openAttemptId: null }),
      settings: quiz,
      course,
      preview: definition.fixed.flatMap((ref) => (versions.has(ref.versionId) ? [toTakingQuestion(versions.get(ref.versionId)!)] : [])),
      draws: definition.draws.map(({ tag, count }) => ({ tag, count })),
    };
  }
  const states = await readStudentStates(caller.id, [quizId]);
  const db = await getDb();
  const rows = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, caller.id)))
    .orderBy(desc(quizAttempts.number));
  return { role: 'student', quiz: toReaderQuiz(quiz, states.get(quizId)!), course, attempts: rows.map(toAttempt) };
}

export interface ResultPage {
  quiz: QuizSettings;
  course: CourseRow;
  detail: AttemptDetail;
  /** Staff look at a student's attempt; a student at their own. */
  role: 'student' | 'staff';
  /** Questions edited since the attempt: it was shown and scored on the version it saw (said visibly). */
  editedSince: number[];
}

/** An attempt's result page: its score, and the review when showResults allows (staff: always). 404 for anyone else. */
export async function getResultPage(caller: Caller, quizId: number, attemptId: number): Promise<ResultPage> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  const detail = await getAttemptDetail(caller, quizId, attemptId);
  const current = new Map([...definition.fixed, ...definition.draws.flatMap((draw) => draw.pool)].map((ref) => [ref.questionId, ref.versionId]));
  const seen = await getVersions((detail.review ?? []).map((item) => current.get(item.questionId) ?? 0).filter((id) => id > 0));
  const editedSince = (detail.review ?? []).filter((item) => {
    const now = seen.get(current.get(item.questionId) ?? 0);
    return now !== undefined && now.version !== item.version;
  });
  return { quiz: definition.quiz, course, detail, role: access === 'manage' ? 'staff' : 'student', editedSince: editedSince.map((item) => item.questionId) };
}

export interface QuizAdminPage {
  quiz: StaffQuiz;
  course: CourseRow;
  /** The cohorts the course is released to whose students the caller sees (for the attempts' filter). */
  cohorts: { id: number; name: string }[];
}

/** The quiz editor's page: the staff view and the cohorts to filter attempts by. 404 for anyone who does not manage the course. */
export async function getQuizAdminPage(caller: Caller, quizId: number): Promise<QuizAdminPage> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  if (!canManageContent(access)) throw new AppError('not_found');
  const scope = await getAttemptScope(caller, access);
  const db = await getDb();
  const cohortRows = await db
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .innerJoin(cohortCourses, and(eq(cohortCourses.cohortId, cohorts.id), eq(cohortCourses.courseId, course.id)))
    .orderBy(asc(cohorts.name));
  const visible = scope.kind === 'cohorts' ? cohortRows.filter((cohort) => scope.cohortIds.includes(cohort.id)) : cohortRows;
  return { quiz: await toStaffQuiz(definition), course, cohorts: visible };
}
