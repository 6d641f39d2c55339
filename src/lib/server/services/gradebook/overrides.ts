/**
 * A tutor's override of a student's course grade: every change is a new row
 * (who, when, the grade before, the new one, why), the latest in force.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Translate } from '~/i18n';
import { AppError } from '~/lib/shared/errors';
import type { GradebookRow, OverrideBody } from '~/lib/shared/schemas/gradebook';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { gradeOverrides } from '~/lib/server/db/schema';
import { computeCohortGrades } from './compute-cohort-grades';
import { computeGradesForStaff, gradebookOf, requireGradedCourse } from './gradebook';

export interface OverrideAudit {
  id: number;
  userId: number;
  courseId: number;
  oldGrade: number | null;
  newGrade: number | null;
  reason: string;
  changedBy: number | null;
  changedAt: string;
}

/** Overrides (or, with a null grade, clears) a student's course grade in a cohort (its staff); answers the student's row and the audit. */
export async function overrideCourseGrade(caller: Caller, cohortId: number, userId: number, body: OverrideBody, t: Translate): Promise<{ row: GradebookRow; audit: OverrideAudit[] }> {
  const before = await computeGradesForStaff(caller, cohortId);
  const course = requireGradedCourse(before, body.course_id);
  const current = course.rows.get(userId);
  if (!current) throw new AppError('not_found');
  const db = await getDb();
  await db.insert(gradeOverrides).values({ cohortId, courseId: body.course_id, userId, oldGrade: current.courseGrade, newGrade: body.grade, reason: body.reason, changedBy: caller.id });
  const after = (await computeCohortGrades(db, cohortId))!;
  const row = gradebookOf(after, requireGradedCourse(after, body.course_id), t).rows.find((item) => item.userId === userId)!;
  const audit = await db
    .select()
    .from(gradeOverrides)
    .where(and(eq(gradeOverrides.cohortId, cohortId), eq(gradeOverrides.courseId, body.course_id), eq(gradeOverrides.userId, userId)))
    .orderBy(asc(gradeOverrides.id));
  return {
    row,
    audit: audit.map((item) => ({
      id: item.id,
      userId: item.userId,
      courseId: item.courseId,
      oldGrade: item.oldGrade,
      newGrade: item.newGrade,
      reason: item.reason,
      changedBy: item.changedBy,
      changedAt: item.changedAt.toISOString(),
    })),
  };
}
