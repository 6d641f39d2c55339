/**
 * Demo gradebook (issue 31): the basics course graded by two categories
 * (Entregas 60 %, the report that must be passed; Quices 40 %, the
 * JavaScript evaluation), the demo program's approval rule (3.0 to pass),
 * and a small cohort, "Cohorte 2026-2 Calificaciones" (the admin's: the demo
 * tutor's dashboard stays as it was), where Camila meets the rule (approved), Laura Méndez met it too (approved,
 * her certificate already issued by certificates/demo-data.ts) and Mateo Gómez can no longer reach it (at risk: his
 * report is missing past its due date and his quiz failed).
 */
import { and, asc, eq } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { Tx } from '~/lib/server/db/client';
import { approvalRules, assignments, cohortCourses, cohorts, gradeCategories, lessonHistory, lessons, memberships, quizAttempts, quizzes, submissions, users } from '~/lib/server/db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

/** Writes the demo gradebook into the seed's transaction (see the module comment); answers the cohort and Laura, for her certificate. */
export async function seedDemoGradebook(
  tx: Tx,
  options: { learningPathId: number; programId: number; basics: number; tutor: number; passwordHash: string },
): Promise<{ cohortId: number; laura: number }> {
  const [tasks, quizzesCategory] = await tx
    .insert(gradeCategories)
    .values([
      { courseId: options.basics, name: 'Entregas', weight: 60, position: 0 },
      { courseId: options.basics, name: 'Quices', weight: 40, position: 1 },
    ])
    .returning();
  const [report] = await tx
    .update(assignments)
    .set({ gradeCategoryId: tasks!.id, mustPass: true })
    .where(and(eq(assignments.courseId, options.basics), eq(assignments.title, 'Informe: tu primer programa')))
    .returning();
  const [evaluation] = await tx
    .update(quizzes)
    .set({ gradeCategoryId: quizzesCategory!.id })
    .where(and(eq(quizzes.courseId, options.basics), eq(quizzes.title, 'Evaluación: fundamentos de JavaScript')))
    .returning();
  await tx.insert(approvalRules).values({ programId: options.programId, minGrade: 3, minCompletionPercent: 0, minAttendancePercent: 0, mustPassItems: true, allCoursesRequired: true, passMark: 3 });

  const [cohort] = await tx
    .insert(cohorts)
    .values({ learningPathId: options.learningPathId, programId: options.programId, name: 'Cohorte 2026-2 Calificaciones', status: 'ACTIVE', startsOn: inDays(-60).toISOString().slice(0, 10), endsOn: inDays(120).toISOString().slice(0, 10) })
    .returning();
  await tx.insert(cohortCourses).values({ cohortId: cohort!.id, courseId: options.basics, releaseAt: inDays(-60) });
  const [camila, mateo, laura] = await tx
    .insert(users)
    .values([
      { email: 'camila.rojas@senda.test', firstName: 'Camila', lastName: 'Rojas', passwordHash: options.passwordHash, userType: 'student' as const, statusStudent: 1, termsAcceptedAt: inDays(-60) },
      { email: 'mateo.gomez@senda.test', firstName: 'Mateo', lastName: 'Gómez', passwordHash: options.passwordHash, userType: 'student' as const, statusStudent: 1, termsAcceptedAt: inDays(-60) },
      { email: 'laura.mendez@senda.test', firstName: 'Laura', lastName: 'Méndez', passwordHash: options.passwordHash, userType: 'student' as const, statusStudent: 1, termsAcceptedAt: inDays(-60) },
    ])
    .returning({ id: users.id });
  await tx.insert(memberships).values([
    { userId: camila!.id, cohortId: cohort!.id, roleId: ROLE_IDS.student },
    { userId: mateo!.id, cohortId: cohort!.id, roleId: ROLE_IDS.student },
    { userId: laura!.id, cohortId: cohort!.id, roleId: ROLE_IDS.student },
  ]);
  // Camila and Laura have read the first three lessons, Mateo the first one.
  const firstLessons = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, options.basics)).orderBy(asc(lessons.position)).limit(3);
  await tx.insert(lessonHistory).values([
    ...firstLessons.map((lesson) => ({ userId: camila!.id, lessonId: lesson.id, progress: 100, startedAt: inDays(-20), completedAt: inDays(-10) })),
    ...firstLessons.map((lesson) => ({ userId: laura!.id, lessonId: lesson.id, progress: 100, startedAt: inDays(-25), completedAt: inDays(-12) })),
    ...firstLessons.slice(0, 1).map((lesson) => ({ userId: mateo!.id, lessonId: lesson.id, progress: 100, startedAt: inDays(-20), completedAt: inDays(-15) })),
  ]);
  if (report) {
    await tx.insert(submissions).values([
      { assignmentId: report.id, userId: camila!.id, number: 1, status: 'submitted', submittedAt: inDays(-3), dueAt: report.dueAt, score: 90, gradedBy: options.tutor, gradedAt: inDays(-1) },
      { assignmentId: report.id, userId: laura!.id, number: 1, status: 'submitted', submittedAt: inDays(-6), dueAt: report.dueAt, score: 95, gradedBy: options.tutor, gradedAt: inDays(-4) },
    ]);
  }
  if (evaluation) {
    await tx.insert(quizAttempts).values([
      { quizId: evaluation.id, userId: camila!.id, number: 1, status: 'completed', startedAt: inDays(-4), completedAt: inDays(-4), closedBy: 'student', questions: [], score: 8, maxScore: 10, percent: 80, passed: true },
      { quizId: evaluation.id, userId: mateo!.id, number: 1, status: 'completed', startedAt: inDays(-4), completedAt: inDays(-4), closedBy: 'student', questions: [], score: 3, maxScore: 10, percent: 30, passed: false },
      { quizId: evaluation.id, userId: laura!.id, number: 1, status: 'completed', startedAt: inDays(-7), completedAt: inDays(-7), closedBy: 'student', questions: [], score: 9, maxScore: 10, percent: 90, passed: true },
    ]);
  }
  return { cohortId: cohort!.id, laura: laura!.id };
}
