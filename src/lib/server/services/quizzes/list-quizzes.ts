/**
 * Lists of quizzes: a course's (the API and the course page) and a student's
 * across their courses (the Quizzes, Evaluations and Practice pages, and the
 * homework on /home). Quizzes come from the per-course cache; each student's
 * state is one indexed read of their attempts.
 */
import { count, inArray } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { availabilityOf, type ActivityType } from '~/lib/shared/quizzes';
import { PAGE_SIZE, pageWindow, type Page } from '~/lib/shared/pagination';
import type { Homework } from '~/lib/shared/schemas/app-shell';
import type { QuizListItem, ReaderQuiz } from '~/lib/shared/schemas/quizzes';
import { requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseContentWithAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { quizAttempts } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';
import { listQuizzesOfCourses, type QuizSettings } from './quiz-cache';
import { readStudentStates, toReaderQuiz } from './student-states';

async function countAttemptsOf(quizIds: number[]): Promise<Map<number, number>> {
  if (quizIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select({ quizId: quizAttempts.quizId, value: count() }).from(quizAttempts).where(inArray(quizAttempts.quizId, quizIds)).groupBy(quizAttempts.quizId);
  return new Map(rows.map((row) => [row.quizId, row.value]));
}

/** A quiz as its managers list it: published or not, and how many attempts it has. */
function toStaffListItem(quiz: QuizSettings, attemptsCount: number): QuizListItem {
  const { shuffleQuestions: _s, shuffleOptions: _o, updatedAt: _u, ...settings } = quiz;
  return { ...settings, availability: availabilityOf(quiz), attemptsCount };
}

/**
 * The quizzes of a course the caller reads: students its published quizzes
 * with their own state (attempts used, best result, status), managers every
 * quiz with its attempt count. Paginated (`?page=`).
 */
export async function listCourseQuizzes(caller: Caller, courseId: number, page: number, requestUrl: string): Promise<Page<QuizListItem>> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  const all = (await listQuizzesOfCourses([courseId])).get(courseId) ?? [];
  const visible = access === 'manage' ? all : all.filter((quiz) => quiz.published);
  const { offset } = pageWindow(page);
  const slice = visible.slice(offset, offset + PAGE_SIZE);
  const ids = slice.map((quiz) => quiz.id);
  if (access === 'manage') {
    const counts = await countAttemptsOf(ids);
    return toPage(slice.map((quiz) => toStaffListItem(quiz, counts.get(quiz.id) ?? 0)), visible.length, page, requestUrl);
  }
  const states = await readStudentStates(caller.id, ids);
  return toPage(slice.map((quiz) => toReaderQuiz(quiz, states.get(quiz.id)!)), visible.length, page, requestUrl);
}

export interface CourseQuizEntry {
  quiz: ReaderQuiz;
  /** Whether students see it (managers see drafts too). */
  published: boolean;
  /** The caller manages the course (their entries carry no student state). */
  staff: boolean;
}

/** A course's quizzes for its page: students the published ones with their state; managers all of them (drafts marked). The caller's access was checked by the page. */
export async function listCourseQuizEntries(caller: Caller, courseId: number): Promise<CourseQuizEntry[]> {
  const { course, access } = await findCourseContentWithAccess(caller, courseId);
  requireReadContent(access, course.status);
  const all = (await listQuizzesOfCourses([courseId])).get(courseId) ?? [];
  const visible = access === 'manage' ? all : all.filter((quiz) => quiz.published);
  const states = access === 'manage' ? new Map() : await readStudentStates(caller.id, visible.map((quiz) => quiz.id));
  return visible.map((quiz) => ({
    quiz: toReaderQuiz(quiz, states.get(quiz.id) ?? { attemptsUsed: 0, bestPercent: null, status: 'not_started' as const, openAttemptId: null }),
    published: quiz.published,
    staff: access === 'manage',
  }));
}

export interface MyQuiz {
  quiz: ReaderQuiz;
  course: { id: number; name: string };
  /** `student`: a quiz they take (published, course released to them); `staff`: one of a course they manage (drafts too). */
  role: 'student' | 'staff';
  published: boolean;
}

/**
 * The quizzes of the caller's ACTIVE cohorts, optionally of one activity
 * type and one training path: as a student, the published quizzes of the
 * courses released to them, with their state; as a tutor or cohort admin,
 * every quiz of their programs' courses. Soonest closing first, undated last.
 */
export async function listMyQuizzes(caller: Caller, options: { activityType?: ActivityType; trainingPathId?: number | null } = {}): Promise<MyQuiz[]> {
  const now = Date.now();
  const roles = new Map<number, { name: string; role: 'student' | 'staff' }>();
  for (const { catalog, roleId } of await listActiveCatalogsOf(caller.id, options.trainingPathId)) {
    for (const course of catalog.courses) {
      if (roleId !== ROLE_IDS.student) roles.set(course.id, { name: course.name, role: 'staff' });
      else if (course.releaseAt !== null && Date.parse(course.releaseAt) <= now && !roles.has(course.id)) roles.set(course.id, { name: course.name, role: 'student' });
    }
  }
  const lists = await listQuizzesOfCourses([...roles.keys()]);
  const quizzes = [...lists.values()]
    .flat()
    .filter((quiz) => (quiz.published || roles.get(quiz.courseId)?.role === 'staff') && (!options.activityType || quiz.activityType === options.activityType));
  const taken = quizzes.filter((quiz) => roles.get(quiz.courseId)?.role === 'student');
  const states = await readStudentStates(caller.id, taken.map((quiz) => quiz.id));
  const closing = (quiz: QuizSettings) => (quiz.closesAt ? Date.parse(quiz.closesAt) : Number.POSITIVE_INFINITY);
  const notStarted = { attemptsUsed: 0, bestPercent: null, status: 'not_started' as const, openAttemptId: null };
  return quizzes
    .sort((a, b) => closing(a) - closing(b) || a.id - b.id)
    .map((quiz) => {
      const { name, role } = roles.get(quiz.courseId)!;
      return { quiz: toReaderQuiz(quiz, states.get(quiz.id) ?? notStarted, now), course: { id: quiz.courseId, name }, role, published: quiz.published };
    });
}

/** Whether a quiz is still work to do for the student: open or upcoming, not completed, attempts left. */
export const isPendingQuiz = (quiz: ReaderQuiz): boolean =>
  quiz.availability !== 'closed' && quiz.status !== 'completed' && quiz.attemptsUsed < quiz.maxAttempts;

/** A student's quizzes still to take in a training path, as homework items (due at their closing date) that open the quiz. */
export async function listQuizHomework(caller: Caller, trainingPathId: number | null): Promise<(Homework & { href: string })[]> {
  if (!trainingPathId) return [];
  const quizzes = await listMyQuizzes(caller, { trainingPathId });
  return quizzes
    .filter((entry) => entry.role === 'student' && isPendingQuiz(entry.quiz))
    .map(({ quiz, course }) => ({
      id: quiz.id,
      title: quiz.title,
      description: quiz.description,
      activityType: quiz.activityType,
      dueAt: quiz.closesAt,
      isCheckpoint: false,
      course,
      href: `/quizzes/${quiz.id}`,
    }));
}
