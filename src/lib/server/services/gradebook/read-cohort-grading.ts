/**
 * Everything a cohort's grades are computed from, read in a dozen grouped
 * queries whatever the cohort's size (ADR 027: computed per request, no
 * cache): its students, its courses' categories and items (with the
 * cohort's due dates), each student's latest submission and best quiz
 * attempt, lessons completed, live-session attendance, and the overrides in force.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { finalScoreOf, isGradeVisible } from '~/lib/shared/assignments';
import { itemKeyOf, type GradeItemKind, type ItemStatus } from '~/lib/shared/gradebook';
import type { DbOrTx } from '~/lib/server/db/client';
import {
  assignmentDueDates,
  assignments,
  cohortCourses,
  cohorts,
  courses,
  gradeCategories,
  gradeOverrides,
  lessonHistory,
  lessons,
  liveAttendance,
  liveSessions,
  memberships,
  quizAttempts,
  quizzes,
  submissions,
  users,
} from '~/lib/server/db/schema';

export interface GradingItem {
  key: string;
  kind: GradeItemKind;
  id: number;
  courseId: number;
  title: string;
  categoryId: number | null;
  countsForGrade: boolean;
  mustPass: boolean;
  /** The cohort's due date (an assignment's, moved or not; a quiz's closing time). */
  dueAt: Date | null;
  maxScore: number | null;
  /** Whether its students see their scores now (an assignment's release; a quiz shown after it closes). */
  released: boolean;
}

export interface ItemResult {
  status: ItemStatus;
  percent: number | null;
  score: number | null;
}

export interface CohortGrading {
  cohort: { id: number; programId: number | null; startsOn: string | null; endsOn: string | null };
  students: { userId: number; firstName: string; lastName: string; email: string }[];
  courseIds: number[];
  categories: (typeof gradeCategories.$inferSelect)[];
  items: GradingItem[];
  /** itemKey → userId → what they handed in, as it counts now. */
  results: Map<string, Map<number, ItemResult>>;
  /** courseId → lessons that count (ACTIVE, published). */
  lessonTotals: Map<number, number>;
  /** courseId → userId → lessons completed. */
  lessonsCompleted: Map<number, Map<number, number>>;
  /** Sessions of the cohort in all, and those that have started. */
  sessions: { scheduled: number; held: number };
  /** userId → sessions attended (present or late: ADR 029). */
  attended: Map<number, number>;
  /** userId → sessions excused, which leave that student's sessions held and scheduled (ADR 029). */
  excused: Map<number, number>;
  /** courseId → userId → the override in force. */
  overrides: Map<number, Map<number, { grade: number; oldGrade: number | null; reason: string; changedBy: number | null; changedAt: Date }>>;
}

const nested = <V>(map: Map<number, Map<number, V>>, outer: number) => {
  if (!map.has(outer)) map.set(outer, new Map());
  return map.get(outer)!;
};

/** Reads what a cohort's grades are computed from (null when the cohort does not exist); `onlyUserId` reads one student's. */
export async function readCohortGrading(db: DbOrTx, cohortId: number, now: Date, onlyUserId?: number): Promise<CohortGrading | null> {
  const [cohort] = await db
    .select({ id: cohorts.id, programId: cohorts.programId, startsOn: cohorts.startsOn, endsOn: cohorts.endsOn })
    .from(cohorts)
    .where(eq(cohorts.id, cohortId));
  if (!cohort) return null;

  const studentIds = db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.cohortId, cohortId),
        eq(memberships.roleId, ROLE_IDS.student),
        eq(memberships.status, 'ACTIVE'),
        onlyUserId === undefined ? undefined : eq(memberships.userId, onlyUserId),
      ),
    );
  const [students, courseRows] = await Promise.all([
    db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, studentIds))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    db
      .select({ id: courses.id })
      .from(cohortCourses)
      .innerJoin(courses, eq(courses.id, cohortCourses.courseId))
      .where(and(eq(cohortCourses.cohortId, cohortId), eq(courses.status, 'ACTIVE')))
      .orderBy(asc(courses.position), asc(courses.id)),
  ]);
  const courseIds = courseRows.map((row) => row.id);
  const empty: CohortGrading = {
    cohort,
    students,
    courseIds,
    categories: [],
    items: [],
    results: new Map(),
    lessonTotals: new Map(),
    lessonsCompleted: new Map(),
    sessions: { scheduled: 0, held: 0 },
    attended: new Map(),
    excused: new Map(),
    overrides: new Map(),
  };
  const sessionsOf = async () => {
    const [row] = await db
      .select({ scheduled: sql<number>`count(*)::int`, held: sql<number>`(count(*) filter (where ${liveSessions.startsAt} <= ${now}))::int` })
      .from(liveSessions)
      .where(eq(liveSessions.cohortId, cohortId));
    const attendance = await db
      .select({
        userId: liveAttendance.userId,
        attended: sql<number>`(count(*) filter (where ${liveAttendance.status} in ('present', 'late')))::int`,
        excused: sql<number>`(count(*) filter (where ${liveAttendance.status} = 'excused'))::int`,
      })
      .from(liveAttendance)
      .innerJoin(liveSessions, eq(liveSessions.id, liveAttendance.sessionId))
      .where(and(eq(liveSessions.cohortId, cohortId), inArray(liveAttendance.userId, studentIds)))
      .groupBy(liveAttendance.userId);
    return {
      sessions: { scheduled: Number(row?.scheduled ?? 0), held: Number(row?.held ?? 0) },
      attended: new Map(attendance.map((item) => [item.userId, Number(item.attended)])),
      excused: new Map(attendance.map((item) => [item.userId, Number(item.excused)])),
    };
  };
  if (courseIds.length === 0) return { ...empty, ...(await sessionsOf()) };

  const [categories, assignmentRows, quizRows, latestSubmissions, attempts, lessonTotals, completed, overrideRows, attendance] = await Promise.all([
    db.select().from(gradeCategories).where(inArray(gradeCategories.courseId, courseIds)).orderBy(asc(gradeCategories.courseId), asc(gradeCategories.position), asc(gradeCategories.id)),
    db
      .select({ assignment: assignments, movedDueAt: assignmentDueDates.dueAt })
      .from(assignments)
      .leftJoin(assignmentDueDates, and(eq(assignmentDueDates.assignmentId, assignments.id), eq(assignmentDueDates.cohortId, cohortId)))
      .where(and(inArray(assignments.courseId, courseIds), eq(assignments.published, true)))
      .orderBy(asc(assignments.id)),
    db
      .select()
      .from(quizzes)
      .where(and(inArray(quizzes.courseId, courseIds), eq(quizzes.published, true)))
      .orderBy(asc(quizzes.id)),
    db
      .selectDistinctOn([submissions.assignmentId, submissions.userId], {
        assignmentId: submissions.assignmentId,
        userId: submissions.userId,
        score: submissions.score,
        penaltyPercent: submissions.penaltyPercent,
      })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .where(and(inArray(assignments.courseId, courseIds), inArray(submissions.userId, studentIds)))
      .orderBy(submissions.assignmentId, submissions.userId, desc(submissions.number)),
    db
      .select({
        quizId: quizAttempts.quizId,
        userId: quizAttempts.userId,
        best: sql<number | null>`max(${quizAttempts.percent}) filter (where ${quizAttempts.status} = 'completed' and not ${quizAttempts.pendingManualGrading})`,
      })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(and(inArray(quizzes.courseId, courseIds), inArray(quizAttempts.userId, studentIds)))
      .groupBy(quizAttempts.quizId, quizAttempts.userId),
    db
      .select({ courseId: lessons.courseId, total: sql<number>`count(*)::int` })
      .from(lessons)
      .where(and(inArray(lessons.courseId, courseIds), eq(lessons.status, 'ACTIVE'), lte(lessons.publishedAt, now)))
      .groupBy(lessons.courseId),
    db
      .select({ courseId: lessons.courseId, userId: lessonHistory.userId, completed: sql<number>`count(*)::int` })
      .from(lessonHistory)
      .innerJoin(lessons, eq(lessons.id, lessonHistory.lessonId))
      .where(
        and(
          inArray(lessons.courseId, courseIds),
          eq(lessons.status, 'ACTIVE'),
          lte(lessons.publishedAt, now),
          isNotNull(lessonHistory.completedAt),
          inArray(lessonHistory.userId, studentIds),
        ),
      )
      .groupBy(lessons.courseId, lessonHistory.userId),
    db
      .selectDistinctOn([gradeOverrides.courseId, gradeOverrides.userId])
      .from(gradeOverrides)
      .where(and(eq(gradeOverrides.cohortId, cohortId), inArray(gradeOverrides.courseId, courseIds)))
      .orderBy(gradeOverrides.courseId, gradeOverrides.userId, desc(gradeOverrides.id)),
    sessionsOf(),
  ]);

  const items: GradingItem[] = [
    ...assignmentRows.map(({ assignment, movedDueAt }) => ({
      key: itemKeyOf('assignment', assignment.id),
      kind: 'assignment' as const,
      id: assignment.id,
      courseId: assignment.courseId,
      title: assignment.title,
      categoryId: assignment.gradeCategoryId,
      countsForGrade: assignment.countsForGrade,
      mustPass: assignment.mustPass,
      dueAt: movedDueAt ?? assignment.dueAt,
      maxScore: assignment.maxScore,
      released: isGradeVisible({ gradeRelease: assignment.gradeRelease, gradesReleasedAt: assignment.gradesReleasedAt?.toISOString() ?? null }),
    })),
    ...quizRows.map((quiz) => ({
      key: itemKeyOf('quiz', quiz.id),
      kind: 'quiz' as const,
      id: quiz.id,
      courseId: quiz.courseId,
      title: quiz.title,
      categoryId: quiz.gradeCategoryId,
      countsForGrade: quiz.countsForGrade,
      mustPass: quiz.mustPass,
      dueAt: quiz.closesAt,
      maxScore: null,
      // "After close": its students see results once it closes; the other modes count at once.
      released: quiz.showResults !== 'after_close' || (quiz.closesAt !== null && quiz.closesAt <= now),
    })),
  ];
  const itemByKey = new Map(items.map((item) => [item.key, item]));
  const results = new Map<string, Map<number, ItemResult>>();
  const handIn = (key: string, userId: number, percent: number | null, score: number | null) => {
    const item = itemByKey.get(key);
    if (!item) return;
    const graded = percent !== null && item.released;
    if (!results.has(key)) results.set(key, new Map());
    results.get(key)!.set(userId, graded ? { status: 'graded', percent, score } : { status: 'pending', percent: null, score: null });
  };
  for (const row of latestSubmissions) {
    const item = itemByKey.get(itemKeyOf('assignment', row.assignmentId));
    const score = finalScoreOf(row.score, row.penaltyPercent);
    const percent = score === null || !item?.maxScore ? null : (score / item.maxScore) * 100;
    handIn(itemKeyOf('assignment', row.assignmentId), row.userId, percent, score);
  }
  for (const row of attempts) {
    const best = row.best === null ? null : Number(row.best);
    handIn(itemKeyOf('quiz', row.quizId), row.userId, best, best);
  }

  const lessonsCompleted = new Map<number, Map<number, number>>();
  for (const row of completed) nested(lessonsCompleted, row.courseId).set(row.userId, Number(row.completed));
  const overrides: CohortGrading['overrides'] = new Map();
  for (const row of overrideRows) {
    if (row.newGrade === null) continue;
    nested(overrides, row.courseId).set(row.userId, { grade: row.newGrade, oldGrade: row.oldGrade, reason: row.reason, changedBy: row.changedBy, changedAt: row.changedAt });
  }
  return {
    ...empty,
    categories,
    items,
    results,
    lessonTotals: new Map(lessonTotals.map((row) => [row.courseId, Number(row.total)])),
    lessonsCompleted,
    overrides,
    ...attendance,
  };
}

/** A student's result on an item now: what they handed in, or missing (0) once the due date passed, or pending. */
export function itemResultOf(grading: CohortGrading, item: GradingItem, userId: number, now: Date): ItemResult {
  const found = grading.results.get(item.key)?.get(userId);
  if (found) return found;
  if (item.dueAt !== null && item.dueAt < now) return { status: 'missing', percent: 0, score: 0 };
  return { status: 'pending', percent: null, score: null };
}
