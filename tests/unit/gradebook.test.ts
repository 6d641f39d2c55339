/** The gradebook's arithmetic and the approval state (lib/shared/gradebook.ts). */
import { describe, expect, it } from 'vitest';
import {
  approvalOf,
  categoryAverageOf,
  courseStandingOf,
  DEFAULT_APPROVAL_RULE,
  gradeOfPercent,
  hasCompleteWeights,
  maxContributionOf,
  timeLeftFractionOf,
  type ApprovalInput,
  type ApprovalRule,
  type CohortTime,
} from '~/lib/shared/gradebook';
import { getT } from '~/i18n';
import { missingLineOf } from '~/lib/server/services/gradebook/missing-line';

describe('categories and course grades', () => {
  it('drops the lowest scores but always keeps one', () => {
    expect(categoryAverageOf([50, 100, 80], 1)).toBe(90);
    expect(categoryAverageOf([50, 100], 5)).toBe(100);
    expect(categoryAverageOf([], 1)).toBeNull();
  });

  it('weights categories, leaving out those with nothing graded (the rest scaled to 100)', () => {
    const categories = [
      { id: 1, weight: 30, dropLowest: 0 },
      { id: 2, weight: 70, dropLowest: 0 },
    ];
    const standing = courseStandingOf(categories, [
      { categoryId: 1, status: 'graded', percent: 100 },
      { categoryId: 2, status: 'graded', percent: 50 },
      { categoryId: 2, status: 'pending', percent: null },
    ]);
    expect(standing.percent).toBeCloseTo(30 * 1 + 70 * 0.5);
    // Pending at 0: category 2 averages 25; at 100: 75.
    expect(standing.floorPercent).toBeCloseTo(30 + 70 * 0.25);
    expect(standing.ceilingPercent).toBeCloseTo(30 + 70 * 0.75);
    expect(courseStandingOf(categories, [{ categoryId: 2, status: 'graded', percent: 40 }]).percent).toBeCloseTo(40);
  });

  it('counts missing work as 0', () => {
    const standing = courseStandingOf([{ id: 1, weight: 100, dropLowest: 0 }], [
      { categoryId: 1, status: 'graded', percent: 80 },
      { categoryId: 1, status: 'missing', percent: 0 },
    ]);
    expect(standing.percent).toBe(40);
  });

  it('puts percentages on the 0.0–5.0 scale half up, and checks weights add up to 100', () => {
    expect(gradeOfPercent(59)).toBe(3);
    expect(gradeOfPercent(58.9)).toBe(2.9);
    expect(gradeOfPercent(100)).toBe(5);
    expect(hasCompleteWeights([30, 50, 20])).toBe(true);
    expect(hasCompleteWeights([30, 50])).toBe(false);
    expect(maxContributionOf({ id: 1, weight: 30, dropLowest: 0 }, 3, 100)).toBe(10);
  });
});

describe('the approval state', () => {
  const rule: ApprovalRule = { ...DEFAULT_APPROVAL_RULE, minGrade: 3, minCompletionPercent: 80, minAttendancePercent: 70, mustPassItems: true };
  const during: CohortTime = { now: new Date('2026-03-01T12:00:00Z'), startsOn: '2026-01-01', endsOn: '2026-06-30' };
  const lateInCohort: CohortTime = { ...during, now: new Date('2026-06-10T12:00:00Z') };
  const after: CohortTime = { ...during, now: new Date('2026-07-02T12:00:00Z') };
  const base: ApprovalInput = {
    courses: [{ grade: 3.5, floorGrade: 2, ceilingGrade: 4.5 }],
    completionPercent: 50,
    attendance: { attended: 4, held: 5, scheduled: 10 },
    mustPass: [{ kind: 'assignment', passed: false, pending: true }],
  };

  it('is approved once the rule holds even with nothing more done', () => {
    const input: ApprovalInput = {
      courses: [{ grade: 4, floorGrade: 3.2, ceilingGrade: 4.5 }],
      completionPercent: 90,
      attendance: { attended: 8, held: 9, scheduled: 10 },
      mustPass: [{ kind: 'quiz', passed: true, pending: false }],
    };
    const approval = approvalOf(rule, input, during);
    expect(approval.state).toBe('approved');
    expect(approval.missing).toEqual({ assignments: 0, quizzes: 0, completionPercent: 0, attendancePercent: 0, grade: null });
  });

  it('is in progress while the rule can still hold', () => expect(approvalOf(rule, base, during).state).toBe('in_progress'));

  it('is at risk when the rule cannot hold any more', () => {
    expect(approvalOf(rule, { ...base, courses: [{ grade: 2, floorGrade: 1, ceilingGrade: 2.9 }] }, during).state).toBe('at_risk');
    expect(approvalOf(rule, { ...base, attendance: { attended: 1, held: 5, scheduled: 10 } }, during).state).toBe('at_risk');
    expect(approvalOf(rule, { ...base, mustPass: [{ kind: 'assignment', passed: false, pending: false }] }, during).state).toBe('at_risk');
  });

  it('is at risk below the rule with less than a quarter of the time left, in progress above it', () => {
    expect(timeLeftFractionOf(lateInCohort)).toBeLessThan(0.25);
    expect(approvalOf(rule, base, lateInCohort).state).toBe('at_risk');
    const onTrack: ApprovalInput = { ...base, completionPercent: 85, attendance: { attended: 5, held: 5, scheduled: 10 }, mustPass: [] };
    expect(approvalOf(rule, onTrack, lateInCohort).state).toBe('in_progress');
  });

  it('is not approved after the end date when the rule does not hold', () => {
    expect(approvalOf(rule, base, after).state).toBe('not_approved');
  });

  it('says what is missing', () => {
    const approval = approvalOf(rule, { ...base, courses: [{ grade: 2.7, floorGrade: 1, ceilingGrade: 4 }], mustPass: [
      { kind: 'assignment', passed: false, pending: true },
      { kind: 'assignment', passed: false, pending: true },
      { kind: 'quiz', passed: true, pending: false },
    ] }, during);
    expect(approval.missing).toEqual({ assignments: 2, quizzes: 0, completionPercent: 30, attendancePercent: 0, grade: { current: 2.7, required: 3 } });
  });

  it('says a grade is still owed, not "0.0", while nothing is graded', () => {
    const ungraded = approvalOf(rule, { ...base, courses: [{ grade: null, floorGrade: 0, ceilingGrade: 5 }] }, during);
    expect(ungraded.missing.grade).toEqual({ current: null, required: 3 });
    expect(missingLineOf(getT('es'), ungraded.missing)).toBe('Te falta: 1 entrega, 30 % de avance en las lecciones, nota 3.0 (aún sin calificaciones)');
    expect(missingLineOf(getT('en'), ungraded.missing)).toMatch(/a grade of 3\.0 \(nothing graded yet\)/);
    const graded = approvalOf(rule, { ...base, courses: [{ grade: 2.7, floorGrade: 1, ceilingGrade: 4 }] }, during);
    expect(missingLineOf(getT('es'), graded.missing)).toBe('Te falta: 1 entrega, 30 % de avance en las lecciones, nota 2.7 de 3.0');
  });

  it('checks the mean of the courses unless every course is required', () => {
    const courses = [
      { grade: 4, floorGrade: 4, ceilingGrade: 4 },
      { grade: 2.5, floorGrade: 2.5, ceilingGrade: 2.5 },
    ];
    const input: ApprovalInput = { courses, completionPercent: 100, attendance: { attended: 0, held: 0, scheduled: 0 }, mustPass: [] };
    expect(approvalOf({ ...rule, allCoursesRequired: true }, input, during).state).toBe('at_risk');
    expect(approvalOf({ ...rule, allCoursesRequired: false }, input, during).state).toBe('approved');
  });

  it('ignores mustPass items unless the rule asks for them', () => {
    const input: ApprovalInput = { ...base, courses: [{ grade: 4, floorGrade: 4, ceilingGrade: 4 }], completionPercent: 100, attendance: { attended: 10, held: 10, scheduled: 10 }, mustPass: [{ kind: 'quiz', passed: false, pending: false }] };
    expect(approvalOf({ ...rule, mustPassItems: false }, input, during).state).toBe('approved');
    expect(approvalOf(rule, input, during).state).toBe('at_risk');
  });
});
