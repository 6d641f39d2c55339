/**
 * The gradebook's arithmetic, pure (ADR 027): a category's average with its
 * lowest scores dropped, a course grade from its weighted categories, the
 * Colombian 0.0–5.0 scale, and a student's approval state from the rule.
 * The services load the numbers; everything decided about them is here,
 * so the endpoint, the export and the approvals agree by construction.
 */

/** The top of the Colombian grading scale. */
export const GRADE_SCALE_MAX = 5;
/** The grade a course or item passes with unless the program says otherwise. */
export const DEFAULT_PASS_MARK = 3;
/** The share of a cohort's time below which a student under the rule is at risk. */
export const AT_RISK_TIME_LEFT_FRACTION = 0.25;
export const CATEGORY_NAME_MAX_LENGTH = 120;
export const OVERRIDE_REASON_MAX_LENGTH = 1000;
/** Weights are compared with this tolerance (30 + 33.33 + 36.67). */
const WEIGHT_TOLERANCE = 0.001;

export const GRADE_ITEM_KINDS = ['quiz', 'assignment'] as const;
export type GradeItemKind = (typeof GRADE_ITEM_KINDS)[number];
export const APPROVAL_STATES = ['approved', 'in_progress', 'at_risk', 'not_approved'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
/** graded: a released score; missing: nothing handed in and the due date passed (counts 0); pending: not due yet, or waiting for a grade or its release. */
export const ITEM_STATUSES = ['graded', 'missing', 'pending'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** An item's key in a gradebook (`quiz:4`, `assignment:12`). */
export const itemKeyOf = (kind: GradeItemKind, id: number): string => `${kind}:${id}`;

/** Whether a course's weights add up to 100. */
export const hasCompleteWeights = (weights: readonly number[]): boolean => Math.abs(weights.reduce((sum, weight) => sum + weight, 0) - 100) < WEIGHT_TOLERANCE;

/** A percentage (0–100) on the 0.0–5.0 scale, to one decimal, half up. */
export const gradeOfPercent = (percent: number): number => Math.round(percent / 2 + 1e-9) / 10;
/** A grade on the 0.0–5.0 scale as the percentage it stands for (3.0 → 60). */
export const percentOfGrade = (grade: number): number => (grade / GRADE_SCALE_MAX) * 100;
/** Two decimals, for percentages shown and exported. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * A category's average: the mean of its scores once the `dropLowest` lowest
 * are left out, always keeping at least one; null when it has none.
 */
export function categoryAverageOf(percents: readonly number[], dropLowest: number): number | null {
  if (percents.length === 0) return null;
  const kept = [...percents].sort((a, b) => a - b).slice(Math.min(dropLowest, percents.length - 1));
  return kept.reduce((sum, value) => sum + value, 0) / kept.length;
}

export interface CategoryWeight {
  id: number;
  weight: number;
  dropLowest: number;
}

/**
 * A course grade as a percentage from its categories' scores (percents of
 * the items that count; pending ones left out by the caller): each
 * category's average weighted by its weight, over the categories that have
 * a score (their weights scaled to 100). Null when none has.
 */
export function coursePercentOf(categories: readonly CategoryWeight[], scores: ReadonlyMap<number, readonly number[]>): { percent: number | null; averages: Map<number, number | null> } {
  const averages = new Map<number, number | null>();
  let weighted = 0;
  let weights = 0;
  for (const category of categories) {
    const average = categoryAverageOf(scores.get(category.id) ?? [], category.dropLowest);
    averages.set(category.id, average);
    if (average === null) continue;
    weighted += average * category.weight;
    weights += category.weight;
  }
  return { percent: weights > 0 ? weighted / weights : null, averages };
}

export interface ItemScore {
  categoryId: number;
  status: ItemStatus;
  /** After late penalties; 0 when missing; null when pending. */
  percent: number | null;
}

export interface CourseStanding {
  /** The grade so far: graded and missing work, pending left out. */
  percent: number | null;
  averages: Map<number, number | null>;
  /** The lowest the grade can end at (every pending item 0) and the highest (every pending item 100). */
  floorPercent: number | null;
  ceilingPercent: number | null;
}

/** A student's course grade so far, and the lowest and highest it can still end at, from their items' scores. */
export function courseStandingOf(categories: readonly CategoryWeight[], items: readonly ItemScore[]): CourseStanding {
  const with_ = (pending: number | null) => {
    const scores = new Map<number, number[]>();
    for (const item of items) {
      const value = item.status === 'pending' ? pending : item.percent;
      if (value === null) continue;
      scores.set(item.categoryId, [...(scores.get(item.categoryId) ?? []), value]);
    }
    return coursePercentOf(categories, scores);
  };
  const now = with_(null);
  return { percent: now.percent, averages: now.averages, floorPercent: with_(0).percent, ceilingPercent: with_(100).percent };
}

/**
 * What one pending item can add to the course grade at most, in points of
 * the course percentage: its category's weight shared among the category's
 * items (dropLowest aside), the weights scaled over categories with items.
 */
export function maxContributionOf(category: CategoryWeight, itemsInCategory: number, weightOfCategoriesWithItems: number): number {
  if (itemsInCategory === 0 || weightOfCategoriesWithItems === 0) return 0;
  return (category.weight / weightOfCategoriesWithItems) * (100 / itemsInCategory);
}

// ── Approval ──────────────────────────────────────────────────────────────

export interface ApprovalRule {
  /** 0.0–5.0. */
  minGrade: number;
  minCompletionPercent: number;
  minAttendancePercent: number;
  /** Each item marked mustPass must be passed: its score at least the pass mark as a percentage. */
  mustPassItems: boolean;
  /** Every course's grade must reach minGrade; otherwise their mean must. */
  allCoursesRequired: boolean;
  /** 0.0–5.0: the grade an item passes with. */
  passMark: number;
}

export const DEFAULT_APPROVAL_RULE: ApprovalRule = {
  minGrade: DEFAULT_PASS_MARK,
  minCompletionPercent: 0,
  minAttendancePercent: 0,
  mustPassItems: true,
  allCoursesRequired: true,
  passMark: DEFAULT_PASS_MARK,
};

/** A student's figures across a cohort's courses, as the approval state reads them. */
export interface ApprovalInput {
  /** Each graded course: its grade so far (null: nothing graded) and the lowest and highest it can end at, 0.0–5.0 (an override fixes all three). */
  courses: readonly { grade: number | null; floorGrade: number | null; ceilingGrade: number | null }[];
  /** Lessons completed, of the cohort's courses. */
  completionPercent: number;
  /** Sessions attended, sessions that have started, sessions in all. */
  attendance: { attended: number; held: number; scheduled: number };
  /** Each mustPass item: passed, or still passable (pending). */
  mustPass: readonly { kind: GradeItemKind; passed: boolean; pending: boolean }[];
}

export interface CohortTime {
  now: Date;
  /** `YYYY-MM-DD` (Bogotá dates); null: not set. */
  startsOn: string | null;
  endsOn: string | null;
}

/** What a student still lacks against the rule, as of now (empty when approved). */
export interface ApprovalMissing {
  assignments: number;
  quizzes: number;
  /** Points of percentage, rounded up. */
  completionPercent: number;
  attendancePercent: number;
  /** The grade that falls short (the lowest course's when every course is required; null while nothing is graded) and the one required. */
  grade: { current: number | null; required: number } | null;
}

export interface Approval {
  state: ApprovalState;
  missing: ApprovalMissing;
  /** The figures the state was decided on. */
  grade: number | null;
  attendancePercent: number;
}

const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/** The grade the rule is checked against: the lowest course's (allCoursesRequired) or their mean; null without any. */
function ruleGradeOf(rule: ApprovalRule, grades: readonly (number | null)[]): number | null {
  if (grades.length === 0) return null;
  if (rule.allCoursesRequired) return grades.some((grade) => grade === null) ? null : Math.min(...(grades as number[]));
  return mean(grades.filter((grade): grade is number => grade !== null));
}

/** The end of a `YYYY-MM-DD` day in Bogotá (UTC−5 all year), as an instant. */
const endOfDayOf = (day: string): number => Date.parse(`${day}T23:59:59.999-05:00`);
const startOfDayOf = (day: string): number => Date.parse(`${day}T00:00:00-05:00`);

/** The share of the cohort's time still ahead (1 without dates). */
export function timeLeftFractionOf(time: CohortTime): number {
  if (!time.startsOn || !time.endsOn) return 1;
  const start = startOfDayOf(time.startsOn);
  const end = endOfDayOf(time.endsOn);
  if (end <= start) return time.now.getTime() > end ? 0 : 1;
  return Math.min(1, Math.max(0, (end - time.now.getTime()) / (end - start)));
}

/**
 * A student's approval state (ADR 027): `approved` once the rule holds even
 * if they did nothing more (every pending item 0, every future session
 * missed); `not_approved` after the cohort's end date otherwise; `at_risk`
 * when the rule cannot hold any more (every pending item 100, every future
 * session attended) or they are below it with less than a quarter of the
 * cohort's time left; `in_progress` otherwise.
 */
export function approvalOf(rule: ApprovalRule, input: ApprovalInput, time: CohortTime): Approval {
  const { attended, held, scheduled } = input.attendance;
  const attendanceNow = held > 0 ? (Math.min(attended, held) / held) * 100 : 100;
  const attendanceFloor = scheduled > 0 ? (attended / scheduled) * 100 : 100;
  const attendanceCeiling = scheduled > 0 ? ((attended + Math.max(0, scheduled - held)) / scheduled) * 100 : 100;

  const gradeNow = ruleGradeOf(rule, input.courses.map((course) => course.grade));
  const gradeFloor = ruleGradeOf(rule, input.courses.map((course) => course.floorGrade));
  const gradeCeiling = ruleGradeOf(rule, input.courses.map((course) => course.ceilingGrade));
  const gradeHolds = (grade: number | null) => input.courses.length === 0 || (grade !== null && grade >= rule.minGrade);

  const mustPass = rule.mustPassItems ? input.mustPass : [];
  const secured =
    gradeHolds(gradeFloor) &&
    input.completionPercent >= rule.minCompletionPercent &&
    attendanceFloor >= rule.minAttendancePercent &&
    mustPass.every((item) => item.passed);
  const reachable =
    gradeHolds(gradeCeiling) && attendanceCeiling >= rule.minAttendancePercent && mustPass.every((item) => item.passed || item.pending);
  const holdsNow =
    gradeHolds(gradeNow) &&
    input.completionPercent >= rule.minCompletionPercent &&
    attendanceNow >= rule.minAttendancePercent &&
    mustPass.every((item) => item.passed);

  const notPassed = mustPass.filter((item) => !item.passed);
  const missing: ApprovalMissing = secured
    ? { assignments: 0, quizzes: 0, completionPercent: 0, attendancePercent: 0, grade: null }
    : {
        assignments: notPassed.filter((item) => item.kind === 'assignment').length,
        quizzes: notPassed.filter((item) => item.kind === 'quiz').length,
        completionPercent: Math.max(0, Math.ceil(rule.minCompletionPercent - input.completionPercent - 1e-9)),
        attendancePercent: Math.max(0, Math.ceil(rule.minAttendancePercent - attendanceNow - 1e-9)),
        grade: gradeHolds(gradeNow) ? null : { current: gradeNow, required: rule.minGrade },
      };

  const ended = time.endsOn !== null && time.now.getTime() > endOfDayOf(time.endsOn);
  let state: ApprovalState;
  if (secured) state = 'approved';
  else if (ended) state = 'not_approved';
  else if (!reachable || (!holdsNow && timeLeftFractionOf(time) < AT_RISK_TIME_LEFT_FRACTION)) state = 'at_risk';
  else state = 'in_progress';
  return { state, missing, grade: gradeNow, attendancePercent: round2(attendanceNow) };
}
