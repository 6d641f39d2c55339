/**
 * Demo data for the dashboard and the reports (issue 14): a second ACTIVE
 * cohort of the demo program, "Cohorte 2026-1 Cali", with twelve students
 * who registered over the last ten weeks, each at a different point of the
 * courses (some idle for weeks), submissions graded and waiting, and a due
 * date the cohort moved into the past, so some are behind. No tutor of the
 * demo tutors it: the admin's dashboard shows two cohorts side by side,
 * the tutor's theirs alone.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { Tx } from '~/lib/server/db/client';
import { assignmentDueDates, assignments, cohortCourses, cohorts, lessonHistory, lessons, memberships, profiles, submissions, users } from '~/lib/server/db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Name, registered (days ago), lessons completed, last active (days ago), municipality, stratum. */
const CALI_STUDENTS = [
  ['Andrés', 'Mosquera', 68, 9, 1, '76001', 2],
  ['Luisa', 'Caicedo', 66, 8, 2, '76001', 3],
  ['Jhon', 'Valencia', 60, 7, 3, '76109', 1],
  ['Daniela', 'Rentería', 55, 6, 1, '76001', 2],
  ['Kevin', 'Angulo', 49, 5, 4, '76520', 2],
  ['María José', 'Obando', 41, 4, 20, '76001', 3],
  ['Sebastián', 'Lucumí', 35, 4, 2, '19001', 2],
  ['Yuliana', 'Castillo', 28, 3, 5, '76001', 1],
  ['Brayan', 'Palacios', 21, 2, 25, '76834', 2],
  ['Natalia', 'Cuero', 14, 2, 3, '76001', 4],
  ['Esteban', 'Riascos', 7, 1, 1, '76001', 2],
  ['Paula', 'Hurtado', 3, 0, 0, '76001', 3],
] as const;

/** Writes the Cali cohort and its students into the seed's transaction. */
export async function seedDemoReports(tx: Tx, options: { learningPathId: number; programId: number; passwordHash: string }): Promise<void> {
  const [cohort] = await tx
    .insert(cohorts)
    .values({ learningPathId: options.learningPathId, programId: options.programId, name: 'Cohorte 2026-1 Cali', status: 'ACTIVE', startsOn: '2026-03-02', endsOn: '2026-12-18' })
    .returning();
  const released = await tx.select({ courseId: cohortCourses.courseId, releaseAt: cohortCourses.releaseAt }).from(cohortCourses).innerJoin(cohorts, eq(cohorts.id, cohortCourses.cohortId)).where(eq(cohorts.programId, options.programId));
  const byCourse = new Map(released.map((row) => [row.courseId, row.releaseAt]));
  await tx.insert(cohortCourses).values([...byCourse].map(([courseId, releaseAt]) => ({ cohortId: cohort!.id, courseId, releaseAt })));

  const created = await tx
    .insert(users)
    .values(
      CALI_STUDENTS.map(([firstName, lastName, registered], index) => ({
        email: `cali${String(index + 1).padStart(2, '0')}@senda.test`,
        firstName,
        lastName,
        passwordHash: options.passwordHash,
        userType: 'student' as const,
        statusStudent: 1,
        createdAt: daysAgo(registered),
        termsAcceptedAt: daysAgo(registered),
      })),
    )
    .returning({ id: users.id });
  await tx.insert(memberships).values(created.map((user) => ({ userId: user.id, cohortId: cohort!.id, roleId: ROLE_IDS.student })));
  await tx.insert(profiles).values(
    created.map((user, index) => ({ userId: user.id, documentType: 'CC', documentNumber: String(1144100000 + index), municipality: CALI_STUDENTS[index]![5], stratum: CALI_STUDENTS[index]![6] })),
  );

  // Lessons in course order (published ones): each student completed the first N.
  const courseIds = [...byCourse.keys()];
  const ordered = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(inArray(lessons.courseId, courseIds), eq(lessons.status, 'ACTIVE')))
    .orderBy(asc(lessons.courseId), asc(lessons.position));
  const published = ordered.slice(0, 10);
  const history = created.flatMap((user, index) => {
    const [, , , completed, lastActive] = CALI_STUDENTS[index]!;
    return published.slice(0, completed).map((lesson, step) => {
      const at = daysAgo(lastActive + (completed - 1 - step) * 2);
      return { userId: user.id, lessonId: lesson.id, progress: 100, startedAt: at, completedAt: at, updatedAt: at };
    });
  });
  if (history.length) await tx.insert(lessonHistory).values(history);

  // The first practice: the cohort's due date moved two days back; half of them submitted (some graded), the rest are behind.
  const [practice] = await tx.select({ id: assignments.id }).from(assignments).where(and(inArray(assignments.courseId, courseIds), eq(assignments.title, 'Calculadora de propinas')));
  if (!practice) return;
  await tx.insert(assignmentDueDates).values({ cohortId: cohort!.id, assignmentId: practice.id, dueAt: daysAgo(2) });
  await tx.insert(submissions).values(
    created.slice(0, 6).map((user, index) => ({
      assignmentId: practice.id,
      userId: user.id,
      number: 1,
      status: 'submitted' as const,
      submittedAt: daysAgo(4 + index),
      dueAt: daysAgo(2),
      text: 'Mi calculadora de propinas con funciones y condicionales.',
      ...(index < 3 ? { score: 70 + index * 10, gradedAt: daysAgo(1) } : {}),
    })),
  );
}
