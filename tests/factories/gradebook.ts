/** Gradebook builders: categories, items in them, grades, quiz results, lessons completed and attendance, written straight to the tables. */
import { eq } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { assignments, gradeCategories, lessonHistory, liveAttendance, liveSessions, quizAttempts, quizzes, submissions } from '~/lib/server/db/schema';

let sequence = 0;

export async function createGradeCategory(courseId: number, overrides: Partial<typeof gradeCategories.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db.insert(gradeCategories).values({ courseId, name: `Categoría ${++sequence}`, weight: 100, ...overrides }).returning();
  return row!;
}

/** Puts an assignment in a category (counting for the grade unless told). */
export async function putAssignmentIn(assignmentId: number, categoryId: number | null, overrides: Partial<typeof assignments.$inferInsert> = {}) {
  const db = await getDb();
  await db.update(assignments).set({ gradeCategoryId: categoryId, ...overrides }).where(eq(assignments.id, assignmentId));
}

/** A published quiz of a course in a category (override anything). */
export async function createQuizIn(courseId: number, categoryId: number | null, overrides: Partial<typeof quizzes.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(quizzes)
    .values({ courseId, title: `Quiz ${++sequence}`, activityType: 'evaluation', published: true, gradeCategoryId: categoryId, ...overrides })
    .returning();
  return row!;
}

/** A graded submission (the latest of the student's unless numbered), score before any penalty. */
export async function gradeSubmission(assignmentId: number, userId: number, score: number | null, overrides: Partial<typeof submissions.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(submissions)
    .values({ assignmentId, userId, number: 1, status: 'submitted', score, gradedAt: score === null ? null : new Date(), ...overrides })
    .returning();
  return row!;
}

/** A completed attempt at a quiz with its percentage. */
export async function completeQuiz(quizId: number, userId: number, percent: number, overrides: Partial<typeof quizAttempts.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(quizAttempts)
    .values({ quizId, userId, number: 1, status: 'completed', completedAt: new Date(), questions: [], score: percent, maxScore: 100, percent, passed: percent >= 60, ...overrides })
    .returning();
  return row!;
}

export async function completeLesson(userId: number, lessonId: number) {
  const db = await getDb();
  await db.insert(lessonHistory).values({ userId, lessonId, progress: 100, completedAt: new Date() });
}

/** A live session of a cohort starting at `startsAt` (an hour long). */
export async function createSession(cohortId: number, startsAt: Date) {
  const db = await getDb();
  const [row] = await db
    .insert(liveSessions)
    .values({ cohortId, className: `Clase ${++sequence}`, videoLink: 'https://meet.example.com/x', durationS: 3600, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
    .returning();
  return row!;
}

export async function attend(sessionId: number, userId: number) {
  const db = await getDb();
  await db.insert(liveAttendance).values({ sessionId, userId });
}
