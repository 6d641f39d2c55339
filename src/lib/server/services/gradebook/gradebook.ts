/**
 * A course's gradebook in a cohort, for its staff: one row per student with
 * each item's score, each category's average, the course grade (percent and
 * 0.0–5.0, a tutor's override shown as such), completion, attendance and
 * the approval state. The export (gradebook-export.ts) writes these same rows.
 */
import type { Translate } from '~/i18n';
import { AppError } from '~/lib/shared/errors';
import type { Gradebook, GradebookRow, GradeItem } from '~/lib/shared/schemas/gradebook';
import { requireReadGradebook, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { cohortRoleOf } from './approval-rules';
import { computeCohortGrades, type CohortGrades, type CourseGrades } from './compute-cohort-grades';
import { missingLineOf } from './missing-line';
import type { GradingItem } from './read-cohort-grading';

/** An item as the gradebook's columns show it. */
export const toGradeItem = (item: GradingItem): GradeItem => ({
  key: item.key,
  kind: item.kind,
  id: item.id,
  title: item.title,
  categoryId: item.categoryId,
  countsForGrade: item.countsForGrade,
  mustPass: item.mustPass,
  dueAt: item.dueAt?.toISOString() ?? null,
  maxScore: item.maxScore,
});

/** The course of a cohort's grades, once its weights add up to 100 (404 when the cohort does not follow it, 400 otherwise). */
export function requireGradedCourse(grades: CohortGrades, courseId: number): CourseGrades {
  const course = grades.courses.get(courseId);
  if (!course) throw new AppError('not_found');
  const total = course.categories.reduce((sum, category) => sum + category.weight, 0);
  if (!course.weightsComplete) throw new AppError('grade_weights_incomplete', { params: { total: Math.round(total * 100) / 100 } });
  return course;
}

/** Every row of a course's gradebook, from the cohort's one computation. */
export function gradebookOf(grades: CohortGrades, course: CourseGrades, t: Translate): Gradebook {
  const approvals = new Map(grades.approvals.map((row) => [row.userId, row]));
  const rows: GradebookRow[] = grades.grading.students.map((student) => {
    const row = course.rows.get(student.userId)!;
    const approval = approvals.get(student.userId)!;
    return {
      ...student,
      items: row.items.map((item) => ({ key: item.key, status: item.status, percent: item.percent, score: item.score === null ? null : Math.round(item.score * 100) / 100 })),
      categories: row.categories,
      coursePercent: row.coursePercent,
      courseGrade: row.courseGrade,
      override: row.override && { ...row.override, computedGrade: row.computedGrade, changedAt: row.override.changedAt.toISOString() },
      completionPercent: row.completionPercent,
      attendancePercent: approval.attendancePercent,
      approval: { state: approval.state, missing: approval.missing, line: missingLineOf(t, approval.missing) },
    };
  });
  return {
    cohortId: grades.grading.cohort.id,
    courseId: course.courseId,
    passMark: grades.rule.passMark,
    categories: course.categories.map((category) => ({ id: category.id, courseId: category.courseId, name: category.name, weight: category.weight, dropLowest: category.dropLowest, position: category.position })),
    items: course.items.map(toGradeItem),
    rows,
  };
}

/** Computes a cohort's grades for its staff (404 for an unknown cohort). */
export async function computeGradesForStaff(caller: Caller, cohortId: number, db?: DbOrTx): Promise<CohortGrades> {
  requireReadGradebook(caller, await cohortRoleOf(caller, cohortId));
  const grades = await computeCohortGrades(db ?? (await getDb()), cohortId);
  if (!grades) throw new AppError('not_found');
  return grades;
}

/** A course's gradebook in a cohort (its tutors, cohort admins and platform admins). */
export async function getGradebook(caller: Caller, cohortId: number, courseId: number, t: Translate): Promise<Gradebook> {
  const grades = await computeGradesForStaff(caller, cohortId);
  return gradebookOf(grades, requireGradedCourse(grades, courseId), t);
}
