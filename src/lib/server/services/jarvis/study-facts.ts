/**
 * One student's study facts, from their own data only, over the courses of
 * the given cohorts (their ACTIVE student memberships whose learning path has
 * the assistant on) already open to them: progress, released grades, what is
 * behind, what is due next, lessons to review, unseen feedback, and a plan
 * for the week. Reads what the student's own pages read (the course lists,
 * lesson history, quizzes and assignments services), as the student.
 */
import { and, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { toBogotaInputValue } from '~/lib/shared/bogota-time';
import { canSeeReview } from '~/lib/shared/quizzes';
import type { JarvisAnswer, JarvisSource } from '~/lib/shared/schemas/jarvis';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { assignments, cohorts, feedbacks, lessons, quizAttempts, quizzes, submissions, users } from '~/lib/server/db/schema';
import { getCohortCatalogs } from '~/lib/server/services/cohort-catalog';
import { excerptOf } from '~/lib/server/services/forums/render-post';
import { activeLessonsWithHistory, progressOf, resumeRowOf } from '~/lib/server/services/lesson-history';
import { listMyAssignments } from '~/lib/server/services/assignments/list-assignments';
import { isPendingQuiz, listMyQuizzes } from '~/lib/server/services/quizzes/list-quizzes';
import { listReviewLessons, type ReviewableQuiz } from './review-lessons';
import type { PlanStep, StudyFacts } from './study-facts-types';

const DAY_MS = 24 * 60 * 60 * 1000;
const DUE_NEXT_MAX = 5;
const UNSEEN_FEEDBACK_MAX = 5;
const FEEDBACK_EXCERPT_LENGTH = 140;
const PLAN_DAYS = 7;
/**
 * A course is behind when its pace says so: the share of the time from the
 * course's release to the cohort's end that has passed is ahead of the share
 * of its lessons completed by more than this many percentage points.
 */
const PACE_MARGIN_POINTS = 25;

interface OpenCourse {
  id: number;
  name: string;
  releaseAt: number;
  cohortIds: number[];
}

/** The courses of the cohorts already released to the student, once each (course order of the first cohort). */
async function listOpenCourses(cohortIds: readonly number[], now: number): Promise<OpenCourse[]> {
  const catalogs = await getCohortCatalogs(cohortIds);
  const open = new Map<number, OpenCourse>();
  for (const cohortId of cohortIds) {
    for (const course of catalogs.get(cohortId)?.courses ?? []) {
      if (!course.releaseAt || Date.parse(course.releaseAt) > now) continue;
      const known = open.get(course.id);
      if (known) {
        known.cohortIds.push(cohortId);
        known.releaseAt = Math.min(known.releaseAt, Date.parse(course.releaseAt));
      } else open.set(course.id, { id: course.id, name: course.name, releaseAt: Date.parse(course.releaseAt), cohortIds: [cohortId] });
    }
  }
  return [...open.values()];
}

/** Each cohort's end (ms, the end of its last Bogotá day), for the cohorts that have one. */
async function readCohortEnds(cohortIds: readonly number[]): Promise<Map<number, number>> {
  if (cohortIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select({ id: cohorts.id, endsOn: cohorts.endsOn }).from(cohorts).where(inArray(cohorts.id, [...cohortIds]));
  return new Map(rows.flatMap((row) => (row.endsOn ? [[row.id, Date.parse(`${row.endsOn}T23:59:59-05:00`)] as const] : [])));
}

/** Whether the pace rule (PACE_MARGIN_POINTS) puts a course behind. */
function isBehindPace(course: OpenCourse, progressPercent: number, totalLessons: number, cohortEnds: ReadonlyMap<number, number>, now: number): boolean {
  const ends = course.cohortIds.flatMap((cohortId) => (cohortEnds.has(cohortId) ? [cohortEnds.get(cohortId)!] : []));
  if (totalLessons === 0 || ends.length === 0) return false;
  const end = Math.max(...ends);
  if (end <= course.releaseAt) return progressPercent < 100;
  const elapsedPercent = Math.min(100, Math.max(0, ((now - course.releaseAt) * 100) / (end - course.releaseAt)));
  return elapsedPercent - progressPercent > PACE_MARGIN_POINTS;
}

/** The student's released feedback not read yet about the courses (newest first), none about a quiz with an attempt open, and how many there are. */
async function readUnseenFeedback(studentId: number, courseIds: readonly number[], openQuizIds: readonly number[]) {
  if (courseIds.length === 0) return { items: [] as JarvisAnswer['unseenFeedback'], count: 0 };
  const db = await getDb();
  const courseOf = sql<number>`coalesce(${assignments.courseId}, ${quizzes.courseId}, ${lessons.courseId})`;
  const rows = await db
    .select({ id: feedbacks.id, body: feedbacks.body, createdAt: feedbacks.createdAt, total: sql<number>`count(*) over ()::int` })
    .from(feedbacks)
    .leftJoin(submissions, eq(submissions.id, feedbacks.submissionId))
    .leftJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .leftJoin(quizAttempts, eq(quizAttempts.id, feedbacks.quizAttemptId))
    .leftJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .leftJoin(lessons, eq(lessons.id, feedbacks.lessonId))
    .where(
      and(
        eq(feedbacks.studentId, studentId),
        isNotNull(feedbacks.releasedAt),
        isNull(feedbacks.seenAt),
        inArray(courseOf, [...courseIds]),
        openQuizIds.length > 0 ? or(isNull(quizzes.id), notInArray(quizzes.id, [...openQuizIds])) : undefined,
      ),
    )
    .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
    .limit(UNSEEN_FEEDBACK_MAX);
  return {
    items: rows.map((row) => ({ id: row.id, excerpt: excerptOf(row.body, FEEDBACK_EXCERPT_LENGTH), url: '/feedback', createdAt: row.createdAt.toISOString() })),
    count: rows[0]?.total ?? 0,
  };
}

/** A Bogotá calendar day as `YYYY-MM-DD`. */
const bogotaDayOf = (instant: number | string) => toBogotaInputValue(new Date(instant)).slice(0, 10);

/**
 * The week plan, deterministic: the lessons to review first, then the due
 * work by date, then the next lesson of each course — one step a day from
 * today, at most PLAN_DAYS steps; due work is moved earlier when its slot
 * would fall after its due day (overdue work: today). Steps are listed by day.
 */
function planWeek(candidates: readonly Omit<PlanStep, 'day'>[], now: number): PlanStep[] {
  const today = bogotaDayOf(now);
  const seen = new Set<string>();
  const steps: (PlanStep & { order: number })[] = [];
  for (const candidate of candidates) {
    if (steps.length === PLAN_DAYS) break;
    if (seen.has(candidate.url)) continue;
    seen.add(candidate.url);
    let day = bogotaDayOf(now + steps.length * DAY_MS);
    if (candidate.dueAt) {
      const dueDay = bogotaDayOf(candidate.dueAt);
      if (dueDay < day) day = dueDay < today ? today : dueDay;
    }
    steps.push({ ...candidate, day, order: steps.length });
  }
  return steps.sort((a, b) => a.day.localeCompare(b.day) || a.order - b.order).map(({ order: _order, ...step }) => step);
}

/** Every page the facts link to, once each. */
function sourcesOf(facts: Pick<StudyFacts, 'courses' | 'dueNext' | 'review' | 'unseenFeedback'>, nextLessons: readonly { id: number; title: string }[]): JarvisSource[] {
  const sources = new Map<string, JarvisSource>();
  const add = (source: JarvisSource) => sources.has(`${source.kind}:${source.id}`) || sources.set(`${source.kind}:${source.id}`, source);
  for (const course of facts.courses) add({ kind: 'course', id: course.courseId, title: course.name, url: course.url });
  for (const lesson of facts.review) {
    add({ kind: 'lesson', id: lesson.lessonId, title: lesson.title, url: lesson.url });
    for (const reason of lesson.reasons) add({ kind: 'quiz', id: reason.quizId, title: reason.quizTitle, url: `/quizzes/${reason.quizId}` });
  }
  for (const lesson of nextLessons) add({ kind: 'lesson', id: lesson.id, title: lesson.title, url: `/lessons/${lesson.id}` });
  for (const item of facts.dueNext) add({ kind: item.kind, id: item.id, title: item.title, url: item.url });
  for (const item of facts.unseenFeedback) add({ kind: 'feedback', id: item.id, title: item.excerpt, url: item.url });
  return [...sources.values()];
}

const mean = (values: readonly number[]) => (values.length === 0 ? null : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10);
const dueOrder = (dueAt: string | null) => (dueAt ? Date.parse(dueAt) : Number.POSITIVE_INFINITY);

/**
 * A student's study facts over the courses of some of their cohorts (see the
 * module comment). Nothing is said about a quiz while they have an attempt
 * open on it: not as due work, not in the grades, not for review.
 */
export async function buildStudyFacts(studentId: number, cohortIds: readonly number[], now = Date.now()): Promise<StudyFacts> {
  const db = await getDb();
  const [user] = await db.select({ email: users.email, firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, studentId));
  // The student's own view of their courses: the services below read through the caller's id only.
  const student: Caller = { id: studentId, email: user?.email ?? '', userType: 'student', cohorts: [] };
  const courses = await listOpenCourses(cohortIds, now);
  const courseById = new Map(courses.map((course) => [course.id, course]));
  const [lessonRows, cohortEnds, myQuizzes, myAssignments] = await Promise.all([
    Promise.all(courses.map((course) => activeLessonsWithHistory(student, course.id))),
    readCohortEnds(cohortIds),
    courses.length ? listMyQuizzes(student) : [],
    courses.length ? listMyAssignments(student) : [],
  ]);
  const ownQuizzes = myQuizzes.filter((entry) => entry.role === 'student' && courseById.has(entry.course.id)).map((entry) => entry.quiz);
  const ownAssignments = myAssignments.filter((entry) => entry.role === 'student' && courseById.has(entry.assignment.courseId)).map((entry) => entry.assignment);
  const openQuizIds = ownQuizzes.filter((quiz) => quiz.status === 'in_progress').map((quiz) => quiz.id);
  const quizzesToTalkAbout = ownQuizzes.filter((quiz) => quiz.status !== 'in_progress');

  const reviewable: ReviewableQuiz[] = quizzesToTalkAbout
    .filter((quiz) => quiz.attemptsUsed > 0 && canSeeReview(quiz, now))
    .map((quiz) => ({ id: quiz.id, title: quiz.title, courseId: quiz.courseId, courseName: courseById.get(quiz.courseId)!.name }));
  const [review, unseen] = await Promise.all([listReviewLessons(studentId, reviewable), readUnseenFeedback(studentId, [...courseById.keys()], openQuizIds)]);

  const nextLessons: { courseId: number; id: number; title: string; courseName: string }[] = [];
  const courseFacts = courses.map((course, index): StudyFacts['courses'][number] => {
    const rows = lessonRows[index]!;
    const progress = progressOf(course.id, rows);
    const next = resumeRowOf(rows);
    if (next) nextLessons.push({ courseId: course.id, id: next.lesson.id, title: next.lesson.title, courseName: course.name });
    const grades = [
      ...quizzesToTalkAbout.filter((quiz) => quiz.courseId === course.id && quiz.bestPercent !== null).map((quiz) => quiz.bestPercent!),
      ...ownAssignments
        .filter((assignment) => assignment.courseId === course.id && assignment.mine?.score !== null && assignment.mine?.score !== undefined && assignment.maxScore > 0)
        .map((assignment) => (assignment.mine!.score! * 100) / assignment.maxScore),
    ];
    const hasOverdueWork =
      ownAssignments.some((assignment) => assignment.courseId === course.id && assignment.mine?.status === 'not_submitted' && assignment.dueAt !== null && Date.parse(assignment.dueAt) < now) ||
      quizzesToTalkAbout.some((quiz) => quiz.courseId === course.id && quiz.attemptsUsed === 0 && quiz.closesAt !== null && Date.parse(quiz.closesAt) < now);
    return {
      courseId: course.id,
      name: course.name,
      url: `/courses/${course.id}`,
      progressPercent: progress.percentage,
      completedLessons: progress.completedLessons,
      totalLessons: progress.totalLessons,
      averageGrade: mean(grades),
      // Behind: work past its due date not handed in (or a quiz closed untaken), or the pace rule (PACE_MARGIN_POINTS).
      isBehind: hasOverdueWork || isBehindPace(course, progress.percentage, progress.totalLessons, cohortEnds, now),
    };
  });

  const dueNext: StudyFacts['dueNext'] = [
    ...ownAssignments
      .filter((assignment) => assignment.mine?.status === 'not_submitted' && assignment.mine.canSubmit)
      .map((assignment) => ({ kind: 'assignment' as const, id: assignment.id, title: assignment.title, courseName: courseById.get(assignment.courseId)!.name, dueAt: assignment.dueAt, url: `/assignments/${assignment.id}` })),
    ...quizzesToTalkAbout
      .filter((quiz) => isPendingQuiz(quiz))
      .map((quiz) => ({ kind: 'quiz' as const, id: quiz.id, title: quiz.title, courseName: courseById.get(quiz.courseId)!.name, dueAt: quiz.closesAt, url: `/quizzes/${quiz.id}` })),
  ]
    .sort((a, b) => dueOrder(a.dueAt) - dueOrder(b.dueAt) || a.kind.localeCompare(b.kind) || a.id - b.id)
    .slice(0, DUE_NEXT_MAX);

  const weekPlan = planWeek(
    [
      ...review.map((lesson) => ({ kind: 'review' as const, title: lesson.title, courseName: lesson.courseName, url: lesson.url, dueAt: null })),
      ...dueNext.map((item) => ({ kind: item.kind, title: item.title, courseName: item.courseName, url: item.url, dueAt: item.dueAt })),
      ...nextLessons.map((lesson) => ({ kind: 'lesson' as const, title: lesson.title, courseName: lesson.courseName, url: `/lessons/${lesson.id}`, dueAt: null })),
    ],
    now,
  );
  const facts = { courses: courseFacts, dueNext, review, unseenFeedback: unseen.items };
  return {
    userId: studentId,
    studentName: user?.firstName ?? '',
    language: user?.language ?? 'es',
    builtAt: new Date(now).toISOString(),
    ...facts,
    unseenFeedbackCount: unseen.count,
    weekPlan,
    sources: sourcesOf(facts, nextLessons),
    openQuizIds,
    courseIds: courses.map((course) => course.id),
  };
}
