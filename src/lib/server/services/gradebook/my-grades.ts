/**
 * A student's own grades in a course: each category with its weight, each
 * item with its score or what it could still add, the course grade and the
 * highest still reachable, and their approval state. Only ever their own row.
 */
import type { Translate } from '~/i18n';
import { AppError } from '~/lib/shared/errors';
import { maxContributionOf, round2 } from '~/lib/shared/gradebook';
import type { MyGrades } from '~/lib/shared/schemas/gradebook';
import { requireSubmitAssignment, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { studentCohortsOf } from '~/lib/server/services/assignments/due-dates';
import { computeCohortGrades } from './compute-cohort-grades';
import { requireGradedCourse, toGradeItem } from './gradebook';
import { missingLineOf } from './missing-line';

/** The caller's grades in a course they study (404 when they cannot read it, 403 for its staff, who have none). */
export async function getMyGrades(caller: Caller, courseId: number, t: Translate): Promise<MyGrades> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireSubmitAssignment(access, course.status);
  const [cohortId] = (await studentCohortsOf(caller.id, course)).sort((a, b) => a - b);
  if (cohortId === undefined) throw new AppError('not_found');
  const grades = await computeCohortGrades(await getDb(), cohortId, new Date(), caller.id);
  if (!grades) throw new AppError('not_found');
  const graded = requireGradedCourse(grades, courseId);
  const row = graded.rows.get(caller.id);
  const approval = grades.approvals.find((item) => item.userId === caller.id);
  if (!row || !approval) throw new AppError('not_found');

  const counting = graded.items.filter((item) => item.countsForGrade && item.categoryId !== null);
  const withItems = graded.categories.filter((category) => counting.some((item) => item.categoryId === category.id));
  const weightWithItems = withItems.reduce((sum, category) => sum + category.weight, 0);
  return {
    courseId,
    cohortId,
    passMark: grades.rule.passMark,
    categories: graded.categories.map((category) => ({
      id: category.id,
      name: category.name,
      weight: category.weight,
      dropLowest: category.dropLowest,
      averagePercent: row.categories.find((item) => item.categoryId === category.id)?.averagePercent ?? null,
    })),
    items: graded.items.map((item) => {
      const result = row.items.find((entry) => entry.key === item.key)!;
      const category = graded.categories.find((entry) => entry.id === item.categoryId);
      const counts = item.countsForGrade && category !== undefined;
      const inCategory = counting.filter((entry) => entry.categoryId === item.categoryId).length;
      return {
        ...toGradeItem(item),
        status: result.status,
        percent: result.percent,
        score: result.score === null ? null : round2(result.score),
        maxContribution: result.status === 'pending' && counts ? round2(maxContributionOf(category, inCategory, weightWithItems)) : null,
      };
    }),
    coursePercent: row.coursePercent,
    courseGrade: row.courseGrade,
    overridden: row.override !== null,
    maxReachableGrade: row.ceilingGrade,
    completionPercent: row.completionPercent,
    attendancePercent: approval.attendancePercent,
    approval: { state: approval.state, missing: approval.missing, line: missingLineOf(t, approval.missing) },
  };
}

/** Like getMyGrades, or null when the caller has no grades there (staff, not their course, or weights not yet adding up to 100): for pages that show them when they exist. */
export async function findMyGrades(caller: Caller, courseId: number, t: Translate): Promise<MyGrades | null> {
  try {
    return await getMyGrades(caller, courseId, t);
  } catch (error) {
    if (error instanceof AppError && ['grade_weights_incomplete', 'forbidden', 'not_found'].includes(error.code)) return null;
    throw error;
  }
}
