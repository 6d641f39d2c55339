/**
 * The one computation of a cohort's grades (ADR 027): every course's
 * gradebook rows and every student's approval state, from what
 * read-cohort-grading.ts reads and the pure arithmetic of lib/shared/gradebook.ts.
 * The gradebook endpoint, its export, a student's own grades and
 * `approvalsOf` all read this, so their numbers cannot disagree.
 */
import {
  approvalOf,
  courseStandingOf,
  gradeOfPercent,
  hasCompleteWeights,
  percentOfGrade,
  round2,
  type Approval,
  type ItemScore,
} from '~/lib/shared/gradebook';
import type { DbOrTx } from '~/lib/server/db/client';
import type { gradeCategories } from '~/lib/server/db/schema';
import { readRuleInForce, readRulesInForce, type RuleInForce } from './approval-rules';
import { itemResultOf, readCohortGrading, readCohortsGrading, type CohortGrading, type GradingItem, type ItemResult } from './read-cohort-grading';

/**
 * A student's sessions as the approval rule counts them (ADR 029): attended
 * is present or late; an excused session leaves both the sessions held and
 * the sessions scheduled, so it neither helps nor hurts the percentage.
 */
function attendanceInputOf(grading: CohortGrading, userId: number): { attended: number; held: number; scheduled: number } {
  const excused = grading.excused.get(userId) ?? 0;
  return {
    attended: grading.attended.get(userId) ?? 0,
    held: Math.max(0, grading.sessions.held - excused),
    scheduled: Math.max(0, grading.sessions.scheduled - excused),
  };
}

export interface StudentCourseGrades {
  items: (ItemResult & { key: string })[];
  categories: { categoryId: number; averagePercent: number | null }[];
  /** The grade so far with an override applied (percent and 0.0–5.0), and the computed one. */
  coursePercent: number | null;
  courseGrade: number | null;
  computedGrade: number | null;
  floorGrade: number | null;
  ceilingGrade: number | null;
  override: { grade: number; reason: string; changedBy: number | null; changedAt: Date } | null;
  completionPercent: number;
}

export interface CourseGrades {
  courseId: number;
  categories: (typeof gradeCategories.$inferSelect)[];
  /** The gradebook's columns: published items that count for the grade or must be passed. */
  items: GradingItem[];
  weightsComplete: boolean;
  /** Whether the course has a grade at all (a category and an item counting in it): only those enter the approval rule. */
  isGraded: boolean;
  rows: Map<number, StudentCourseGrades>;
}

export interface StudentApproval extends Approval {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  completionPercent: number;
  courses: { courseId: number; grade: number | null; overridden: boolean }[];
}

export interface CohortGrades {
  grading: CohortGrading;
  rule: RuleInForce;
  courses: Map<number, CourseGrades>;
  approvals: StudentApproval[];
}

const percentOf = (part: number, total: number) => (total === 0 ? 100 : round2((Math.min(part, total) * 100) / total));

/** One course's rows for every student of the cohort. */
function computeCourse(grading: CohortGrading, courseId: number, now: Date): CourseGrades {
  const categories = grading.categories.filter((category) => category.courseId === courseId);
  const categoryIds = new Set(categories.map((category) => category.id));
  const counts = (item: GradingItem) => item.countsForGrade && item.categoryId !== null && categoryIds.has(item.categoryId);
  const items = grading.items.filter((item) => item.courseId === courseId && (counts(item) || item.mustPass));
  const counting = items.filter(counts);
  const totalLessons = grading.lessonTotals.get(courseId) ?? 0;
  const rows = new Map<number, StudentCourseGrades>();
  for (const student of grading.students) {
    const results = items.map((item) => ({ key: item.key, ...itemResultOf(grading, item, student.userId, now) }));
    const resultByKey = new Map(results.map((result) => [result.key, result]));
    const scores: ItemScore[] = counting.map((item) => {
      const result = resultByKey.get(item.key)!;
      return { categoryId: item.categoryId!, status: result.status, percent: result.percent };
    });
    const standing = courseStandingOf(categories, scores);
    const override = grading.overrides.get(courseId)?.get(student.userId) ?? null;
    const computedGrade = standing.percent === null ? null : gradeOfPercent(standing.percent);
    rows.set(student.userId, {
      items: results.map((result) => ({ ...result, percent: result.percent === null ? null : round2(result.percent) })),
      categories: categories.map((category) => {
        const average = standing.averages.get(category.id) ?? null;
        return { categoryId: category.id, averagePercent: average === null ? null : round2(average) };
      }),
      coursePercent: override ? round2(percentOfGrade(override.grade)) : standing.percent === null ? null : round2(standing.percent),
      courseGrade: override ? override.grade : computedGrade,
      computedGrade,
      floorGrade: override ? override.grade : standing.floorPercent === null ? null : gradeOfPercent(standing.floorPercent),
      ceilingGrade: override ? override.grade : standing.ceilingPercent === null ? null : gradeOfPercent(standing.ceilingPercent),
      override: override && { grade: override.grade, reason: override.reason, changedBy: override.changedBy, changedAt: override.changedAt },
      completionPercent: percentOf(grading.lessonsCompleted.get(courseId)?.get(student.userId) ?? 0, totalLessons),
    });
  }
  return {
    courseId,
    categories,
    items,
    weightsComplete: hasCompleteWeights(categories.map((category) => category.weight)),
    isGraded: counting.length > 0,
    rows,
  };
}

/** Whether a student passed an item: a released score at least the pass mark as a percentage (3.0 of 5 → 60 %). */
export const isItemPassed = (result: ItemResult, passMark: number): boolean => result.status === 'graded' && (result.percent ?? 0) >= percentOfGrade(passMark) - 1e-9;

/** Every course's grades and every student's approval state in a cohort, now (null: no such cohort); `onlyUserId` computes one student's (the same numbers). */
export async function computeCohortGrades(db: DbOrTx, cohortId: number, now = new Date(), onlyUserId?: number): Promise<CohortGrades | null> {
  const grading = await readCohortGrading(db, cohortId, now, onlyUserId);
  if (!grading) return null;
  return gradesOf(grading, await readRuleInForce(db, grading.cohort), now);
}

/** `computeCohortGrades` for several cohorts, read set-wise (the same numbers), by cohort id; unknown cohorts are left out. */
export async function computeCohortsGrades(db: DbOrTx, cohortIds: readonly number[], now = new Date()): Promise<Map<number, CohortGrades>> {
  const gradings = await readCohortsGrading(db, cohortIds, now);
  const rules = await readRulesInForce(db, [...gradings.values()].map((grading) => grading.cohort));
  return new Map([...gradings].map(([cohortId, grading]) => [cohortId, gradesOf(grading, rules.get(cohortId)!, now)]));
}

/** The grades and approvals computed from what was read and the rule in force. */
function gradesOf(grading: CohortGrading, rule: RuleInForce, now: Date): CohortGrades {
  const courses = new Map(grading.courseIds.map((courseId) => [courseId, computeCourse(grading, courseId, now)]));
  const gradedCourses = [...courses.values()].filter((course) => course.isGraded);
  const totalLessons = grading.courseIds.reduce((sum, courseId) => sum + (grading.lessonTotals.get(courseId) ?? 0), 0);
  const time = { now, startsOn: grading.cohort.startsOn, endsOn: grading.cohort.endsOn };

  const approvals = grading.students.map((student): StudentApproval => {
    const completed = grading.courseIds.reduce((sum, courseId) => sum + (grading.lessonsCompleted.get(courseId)?.get(student.userId) ?? 0), 0);
    const completionPercent = percentOf(completed, totalLessons);
    const mustPass = [...courses.values()].flatMap((course) =>
      course.items
        .filter((item) => item.mustPass)
        .map((item) => {
          const result = course.rows.get(student.userId)!.items.find((entry) => entry.key === item.key)!;
          return { kind: item.kind, passed: isItemPassed(result, rule.passMark), pending: result.status === 'pending' };
        }),
    );
    const approval = approvalOf(
      rule,
      {
        courses: gradedCourses.map((course) => {
          const row = course.rows.get(student.userId)!;
          return { grade: row.courseGrade, floorGrade: row.floorGrade, ceilingGrade: row.ceilingGrade };
        }),
        completionPercent,
        attendance: attendanceInputOf(grading, student.userId),
        mustPass,
      },
      time,
    );
    return {
      ...student,
      ...approval,
      grade: approval.grade === null ? null : Math.round(approval.grade * 10) / 10,
      completionPercent,
      courses: gradedCourses.map((course) => {
        const row = course.rows.get(student.userId)!;
        return { courseId: course.courseId, grade: row.courseGrade, overridden: row.override !== null };
      }),
    };
  });
  return { grading, rule, courses, approvals };
}
