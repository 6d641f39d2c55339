/**
 * Everything a cohort's grades are computed from, read in a dozen grouped
 * queries whatever the cohort's size (ADR 027: computed per request, no
 * cache): its students, its courses' categories and items (with the
 * cohort's due dates), each student's latest submission and best quiz
 * attempt, lessons completed, live-session attendance, and the overrides in force.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, sql, type SQLWrapper } from 'drizzle-orm';
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
  return (await readCohortsGrading(db, [cohortId], now, onlyUserId)).get(cohortId) ?? null;
}

/**
 * What the grades of several cohorts are computed from, in the same dozen
 * grouped queries as one cohort's (a report over every cohort reads set-wise,
 * not cohort by cohort). Cohorts that do not exist are left out of the map.
 * What does not depend on the cohort (results, lessons) is read once and
 * shared: a student's best attempt at a quiz is the same in every cohort.
 */
export async function readCohortsGrading(db: DbOrTx, cohortIds: readonly number[], now: Date, onlyUserId?: number): Promise<Map<number, CohortGrading>> {
  const gradings = new Map<number, CohortGrading>();
  if (cohortIds.length === 0) return gradings;
  const ids = [...new Set(cohortIds)];
  const cohortRows = await db
    .select({ id: cohorts.id, programId: cohorts.programId, startsOn: cohorts.startsOn, endsOn: cohorts.endsOn })
    .from(cohorts)
    .where(inArray(cohorts.id, ids));
  if (cohortRows.length === 0) return gradings;
  const found = cohortRows.map((cohort) => cohort.id);

  // The cohorts' ACTIVE students (or the one asked for): their rows below, and the filter of every per-student read.
  const isStudent = and(
    inArray(memberships.cohortId, found),
    eq(memberships.roleId, ROLE_IDS.student),
    eq(memberships.status, 'ACTIVE'),
    onlyUserId === undefined ? undefined : eq(memberships.userId, onlyUserId),
  );
  const studentIds = db.select({ userId: memberships.userId }).from(memberships).where(isStudent);
  const [studentRows, courseRows] = await Promise.all([
    db
      .select({ cohortId: memberships.cohortId, userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(isStudent)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    db
      .select({ cohortId: cohortCourses.cohortId, id: courses.id })
      .from(cohortCourses)
      .innerJoin(courses, eq(courses.id, cohortCourses.courseId))
      .where(and(inArray(cohortCourses.cohortId, found), eq(courses.status, 'ACTIVE')))
      .orderBy(asc(courses.position), asc(courses.id)),
  ]);
  const allCourseIds = [...new Set(courseRows.map((row) => row.id))];

  const sessionsOf = async () => {
    const [sessionRows, attendance] = await Promise.all([
      db
        .select({
          cohortId: liveSessions.cohortId,
          scheduled: sql<number>`count(*)::int`,
          held: sql<number>`(count(*) filter (where ${liveSessions.startsAt} <= ${now}))::int`,
        })
        .from(liveSessions)
        .where(inArray(liveSessions.cohortId, found))
        .groupBy(liveSessions.cohortId),
      db
        .select({
          cohortId: liveSessions.cohortId,
          userId: liveAttendance.userId,
          attended: sql<number>`(count(*) filter (where ${liveAttendance.status} in ('present', 'late')))::int`,
          excused: sql<number>`(count(*) filter (where ${liveAttendance.status} = 'excused'))::int`,
        })
        .from(liveAttendance)
        .innerJoin(liveSessions, eq(liveSessions.id, liveAttendance.sessionId))
        .where(and(inArray(liveSessions.cohortId, found), inArray(liveAttendance.userId, studentIds)))
        .groupBy(liveSessions.cohortId, liveAttendance.userId),
    ]);
    return { sessionRows, attendance };
  };
  const nothing = { categories: [], assignmentRows: [], dueDates: [], quizRows: [], latestSubmissions: [], attempts: [], lessonTotals: [], completed: [], overrideRows: [] };
  const [read, sessionData] = await Promise.all([allCourseIds.length === 0 ? nothing : readCourseData(db, found, allCourseIds, studentIds, now), sessionsOf()]);

  // What does not depend on the cohort: the items' release and maximum, what each student handed in, the lessons.
  const baseItems: GradingItem[] = [
    ...read.assignmentRows.map((assignment) => ({
      key: itemKeyOf('assignment', assignment.id),
      kind: 'assignment' as const,
      id: assignment.id,
      courseId: assignment.courseId,
      title: assignment.title,
      categoryId: assignment.gradeCategoryId,
      countsForGrade: assignment.countsForGrade,
      mustPass: assignment.mustPass,
      dueAt: assignment.dueAt,
      maxScore: assignment.maxScore,
      released: isGradeVisible({ gradeRelease: assignment.gradeRelease, gradesReleasedAt: assignment.gradesReleasedAt?.toISOString() ?? null }),
    })),
    ...read.quizRows.map((quiz) => ({
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
  const itemByKey = new Map(baseItems.map((item) => [item.key, item]));
  const results = new Map<string, Map<number, ItemResult>>();
  const handIn = (key: string, userId: number, percent: number | null, score: number | null) => {
    const item = itemByKey.get(key);
    if (!item) return;
    const graded = percent !== null && item.released;
    if (!results.has(key)) results.set(key, new Map());
    results.get(key)!.set(userId, graded ? { status: 'graded', percent, score } : { status: 'pending', percent: null, score: null });
  };
  for (const row of read.latestSubmissions) {
    const item = itemByKey.get(itemKeyOf('assignment', row.assignmentId));
    const score = finalScoreOf(row.score, row.penaltyPercent);
    const percent = score === null || !item?.maxScore ? null : (score / item.maxScore) * 100;
    handIn(itemKeyOf('assignment', row.assignmentId), row.userId, percent, score);
  }
  for (const row of read.attempts) {
    const best = row.best === null ? null : Number(row.best);
    handIn(itemKeyOf('quiz', row.quizId), row.userId, best, best);
  }
  const lessonTotals = new Map(read.lessonTotals.map((row) => [row.courseId, Number(row.total)]));
  const lessonsCompleted = new Map<number, Map<number, number>>();
  for (const row of read.completed) nested(lessonsCompleted, row.courseId).set(row.userId, Number(row.completed));

  // What belongs to each cohort: its students, courses, due dates, overrides and sessions.
  const movedDueAt = new Map(read.dueDates.map((row) => [`${row.cohortId}:${row.assignmentId}`, row.dueAt]));
  const studentsBy = Map.groupBy(studentRows, (row) => row.cohortId);
  const coursesBy = Map.groupBy(courseRows, (row) => row.cohortId);
  const overridesBy = Map.groupBy(read.overrideRows, (row) => row.cohortId);
  const sessionsBy = new Map(sessionData.sessionRows.map((row) => [row.cohortId, row]));
  const attendanceBy = Map.groupBy(sessionData.attendance, (row) => row.cohortId);
  for (const cohort of cohortRows) {
    const courseIds = (coursesBy.get(cohort.id) ?? []).map((row) => row.id);
    const mine = new Set(courseIds);
    const overrides: CohortGrading['overrides'] = new Map();
    for (const row of overridesBy.get(cohort.id) ?? []) {
      if (row.newGrade === null) continue;
      nested(overrides, row.courseId).set(row.userId, { grade: row.newGrade, oldGrade: row.oldGrade, reason: row.reason, changedBy: row.changedBy, changedAt: row.changedAt });
    }
    const sessions = sessionsBy.get(cohort.id);
    const attendance = attendanceBy.get(cohort.id) ?? [];
    gradings.set(cohort.id, {
      cohort,
      students: (studentsBy.get(cohort.id) ?? []).map(({ userId, firstName, lastName, email }) => ({ userId, firstName, lastName, email })),
      courseIds,
      categories: read.categories.filter((category) => mine.has(category.courseId)),
      items: baseItems
        .filter((item) => mine.has(item.courseId))
        .map((item) => (item.kind === 'assignment' ? { ...item, dueAt: movedDueAt.get(`${cohort.id}:${item.id}`) ?? item.dueAt } : item)),
      results,
      lessonTotals,
      lessonsCompleted,
      sessions: { scheduled: Number(sessions?.scheduled ?? 0), held: Number(sessions?.held ?? 0) },
      attended: new Map(attendance.map((item) => [item.userId, Number(item.attended)])),
      excused: new Map(attendance.map((item) => [item.userId, Number(item.excused)])),
      overrides,
    });
  }
  return gradings;
}

/** The courses' categories, published items, hand-ins, lessons and the cohorts' due dates and overrides, read together. */
async function readCourseData(db: DbOrTx, cohortIds: number[], courseIds: number[], studentIds: SQLWrapper, now: Date) {
  const [categories, assignmentRows, dueDates, quizRows, latestSubmissions, attempts, lessonTotals, completed, overrideRows] = await Promise.all([
    db.select().from(gradeCategories).where(inArray(gradeCategories.courseId, courseIds)).orderBy(asc(gradeCategories.courseId), asc(gradeCategories.position), asc(gradeCategories.id)),
    db
      .select()
      .from(assignments)
      .where(and(inArray(assignments.courseId, courseIds), eq(assignments.published, true)))
      .orderBy(asc(assignments.id)),
    db
      .select({ cohortId: assignmentDueDates.cohortId, assignmentId: assignmentDueDates.assignmentId, dueAt: assignmentDueDates.dueAt })
      .from(assignmentDueDates)
      .where(inArray(assignmentDueDates.cohortId, cohortIds)),
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
      .selectDistinctOn([gradeOverrides.cohortId, gradeOverrides.courseId, gradeOverrides.userId])
      .from(gradeOverrides)
      .where(and(inArray(gradeOverrides.cohortId, cohortIds), inArray(gradeOverrides.courseId, courseIds)))
      .orderBy(gradeOverrides.cohortId, gradeOverrides.courseId, gradeOverrides.userId, desc(gradeOverrides.id)),
  ]);
  return { categories, assignmentRows, dueDates, quizRows, latestSubmissions, attempts, lessonTotals, completed, overrideRows };
}

/** A student's result on an item now: what they handed in, or missing (0) once the due date passed, or pending. */
export function itemResultOf(grading: CohortGrading, item: GradingItem, userId: number, now: Date): ItemResult {
  const found = grading.results.get(item.key)?.get(userId);
  if (found) return found;
  if (item.dueAt !== null && item.dueAt < now) return { status: 'missing', percent: 0, score: 0 };
  return { status: 'pending', percent: null, score: null };
}
