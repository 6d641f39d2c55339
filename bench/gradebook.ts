/**
 * `npm run bench:gradebook` (issue 31): how long one computation of a
 * cohort's grades and approval states takes — what the gradebook endpoint,
 * its export and `approvalsOf` each do per request (ADR 027, computed live).
 * A cohort of 1,000 students (`--students N`) with 30 items (`--items N`:
 * two thirds assignments, one third quizzes, in two categories), every
 * student graded on each, 20 lessons completed and 10 sessions attended, in
 * PGlite in memory (or `DATABASE_URL`). Prints each run's time; the goal is
 * under a second. Not a test: nothing is asserted.
 */
import { migrateDatabase } from '~/lib/server/db/migrate';
import { closeDatabase, getDb, openDatabase, setDatabase } from '~/lib/server/db/client';
import {
  assignments,
  cohortCourses,
  cohorts,
  courses,
  gradeCategories,
  learningPaths,
  lessonHistory,
  lessons,
  liveAttendance,
  liveSessions,
  memberships,
  organizations,
  programs,
  quizAttempts,
  quizzes,
  submissions,
  users,
} from '~/lib/server/db/schema';
import { computeCohortGrades } from '~/lib/server/services/gradebook/compute-cohort-grades';
import { readCohortGrading } from '~/lib/server/services/gradebook/read-cohort-grading';

const GOAL_MS = 1000;
const RUNS = 5;
const DAY_MS = 86_400_000;

function optionOf(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

async function main(): Promise<void> {
  const studentCount = optionOf('--students', 1000);
  const itemCount = optionOf('--items', 30);
  const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, listen: false } : { dataDir: 'memory', listen: false });
  await migrateDatabase(database);
  setDatabase(database);
  const db = await getDb();

  const [organization] = await db.insert(organizations).values({ name: 'Bench' }).returning();
  const [path] = await db.insert(learningPaths).values({ name: 'Bench', organizationId: organization!.id }).returning();
  const [program] = await db.insert(programs).values({ name: 'Bench' }).returning();
  const [cohort] = await db.insert(cohorts).values({ name: 'Bench', learningPathId: path!.id, programId: program!.id, startsOn: '2026-01-01', endsOn: '2026-12-31' }).returning();
  const [course] = await db.insert(courses).values({ name: 'Bench', programId: program!.id }).returning();
  await db.insert(cohortCourses).values({ cohortId: cohort!.id, courseId: course!.id });
  const [tasks, tests] = await db
    .insert(gradeCategories)
    .values([
      { courseId: course!.id, name: 'Entregas', weight: 60, dropLowest: 1 },
      { courseId: course!.id, name: 'Quices', weight: 40 },
    ])
    .returning();
  const people = await db
    .insert(users)
    .values(Array.from({ length: studentCount }, (_, index) => ({ email: `bench-gradebook-${index}@senda.test`, firstName: 'Estudiante', lastName: `N${index}` })))
    .returning({ id: users.id });
  await db.insert(memberships).values(people.map((person) => ({ userId: person.id, cohortId: cohort!.id, roleId: 1 })));
  const assignmentCount = Math.round((itemCount * 2) / 3);
  const due = new Date(Date.now() - DAY_MS);
  const taskRows = await db
    .insert(assignments)
    .values(Array.from({ length: assignmentCount }, (_, index) => ({ courseId: course!.id, title: `Entrega ${index}`, activityType: 'practical' as const, published: true, gradeCategoryId: tasks!.id, dueAt: due })))
    .returning({ id: assignments.id });
  const quizRows = await db
    .insert(quizzes)
    .values(Array.from({ length: itemCount - assignmentCount }, (_, index) => ({ courseId: course!.id, title: `Quiz ${index}`, activityType: 'evaluation' as const, published: true, gradeCategoryId: tests!.id })))
    .returning({ id: quizzes.id });
  for (const task of taskRows) {
    await db.insert(submissions).values(people.map((person, index) => ({ assignmentId: task.id, userId: person.id, number: 1, status: 'submitted' as const, score: (index * 37) % 101 })));
  }
  for (const quiz of quizRows) {
    await db.insert(quizAttempts).values(people.map((person, index) => ({ quizId: quiz.id, userId: person.id, number: 1, status: 'completed' as const, questions: [], percent: (index * 53) % 101 })));
  }
  const lessonRows = await db
    .insert(lessons)
    .values(Array.from({ length: 20 }, (_, index) => ({ courseId: course!.id, title: `Lección ${index}`, position: index })))
    .returning({ id: lessons.id });
  for (const lesson of lessonRows) await db.insert(lessonHistory).values(people.map((person) => ({ userId: person.id, lessonId: lesson.id, progress: 100, completedAt: new Date() })));
  const sessionRows = await db
    .insert(liveSessions)
    .values(
      Array.from({ length: 10 }, (_, index) => {
        const startsAt = new Date(Date.now() - (index + 1) * DAY_MS);
        return { cohortId: cohort!.id, className: `Clase ${index}`, videoLink: 'https://meet.example.com/bench', durationS: 3600, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) };
      }),
    )
    .returning({ id: liveSessions.id });
  for (const session of sessionRows) await db.insert(liveAttendance).values(people.map((person) => ({ sessionId: session.id, userId: person.id })));

  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const grades = await computeCohortGrades(db, cohort!.id);
    times.push(performance.now() - started);
    if (grades?.approvals.length !== studentCount) throw new Error('not every student was computed');
  }
  // Of which the reading (the dozen grouped queries), measured apart: the rest is the arithmetic.
  const reads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await readCohortGrading(db, cohort!.id, new Date());
    reads.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`gradebook: ${studentCount} students × ${itemCount} items on ${database.kind}: ${times.map((time) => `${Math.round(time)} ms`).join(', ')}`);
  console.log(`median ${Math.round(sorted[Math.floor(RUNS / 2)]!)} ms (goal under ${GOAL_MS} ms)`);
  console.log(`of which reading: ${reads.map((time) => `${Math.round(time)} ms`).join(', ')} (median ${Math.round([...reads].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!)} ms)`);
  await closeDatabase();
}

await main();
