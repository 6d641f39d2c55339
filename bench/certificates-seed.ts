/**
 * The data of `npm run bench -- --certificates` (bench/certificates.ts),
 * written into the bench server's data directory before the server starts
 * (PGlite is opened by one process at a time): the demo data, then a cohort
 * "Bench certificados" of the demo program with N students (5,000 unless
 * `--students N`), each meeting the program's approval rule the way Camila
 * does in the demo (the basics course's report graded 90, its evaluation at
 * 80 %). The program's certificate design is the demo's. Prints the cohort's
 * id as JSON on its last line.
 */
import { resolve } from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ensureAuthSecret } from '~/lib/server/boot/secret';
import { getConfig } from '~/lib/server/config';
import { closeDatabase, openDatabase, setDatabase } from '~/lib/server/db/client';
import { migrateDatabase } from '~/lib/server/db/migrate';
import { assignments, cohortCourses, cohorts, quizzes } from '~/lib/server/db/schema';
import { isDatabaseEmpty, seedDemoData } from '~/lib/server/services/demo-data';

const DEMO_COHORT = 'Cohorte 2026-2 Calificaciones';
export const BENCH_COHORT = 'Bench certificados';

function studentsOption(): number {
  const index = process.argv.indexOf('--students');
  return index >= 0 ? Number(process.argv[index + 1]) : 5000;
}

async function main(): Promise<void> {
  const students = studentsOption();
  const config = getConfig();
  const dataDir = resolve(config.SENDA_DATA_DIR);
  ensureAuthSecret(process.env, dataDir);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: resolve(dataDir, 'pglite'), poolSize: 2 });
  setDatabase(database);
  try {
    await migrateDatabase(database);
    const { db } = database;
    if (await isDatabaseEmpty(db)) await seedDemoData(db);
    const [demo] = await db.select().from(cohorts).where(eq(cohorts.name, DEMO_COHORT));
    if (!demo) throw new Error(`the demo cohort "${DEMO_COHORT}" is missing`);
    const [course] = await db.select().from(cohortCourses).where(eq(cohortCourses.cohortId, demo.id));
    const [report] = await db.select().from(assignments).where(and(eq(assignments.courseId, course!.courseId), isNotNull(assignments.gradeCategoryId)));
    const [evaluation] = await db.select().from(quizzes).where(and(eq(quizzes.courseId, course!.courseId), isNotNull(quizzes.gradeCategoryId)));
    if (!report || !evaluation) throw new Error('the demo course has no graded report or evaluation');

    const id = await db.transaction(async (tx) => {
      const [cohort] = await tx
        .insert(cohorts)
        .values({ learningPathId: demo.learningPathId, programId: demo.programId, name: BENCH_COHORT, status: 'ACTIVE', startsOn: demo.startsOn, endsOn: demo.endsOn })
        .returning();
      await tx.insert(cohortCourses).values({ cohortId: cohort!.id, courseId: course!.courseId, releaseAt: course!.releaseAt });
      // Set-wise, as the scale seed does: the students, their memberships, the report graded 90 and the evaluation at 80 %.
      await tx.execute(sql`
        insert into users (email, first_name, last_name, user_type, status_student, terms_accepted_at)
        select 'bench-certificate-' || g || '@senda.test', 'Estudiante', 'Certificado ' || g, 'student', 1, now()
        from generate_series(1, ${students}) g`);
      await tx.execute(sql`
        insert into memberships (user_id, cohort_id, role_id)
        select id, ${cohort!.id}, 1 from users where email like 'bench-certificate-%@senda.test'`);
      await tx.execute(sql`
        insert into submissions (assignment_id, user_id, number, status, submitted_at, due_at, score, graded_at)
        select ${report.id}, id, 1, 'submitted', now() - interval '3 days', ${report.dueAt}, 90, now() - interval '1 day'
        from users where email like 'bench-certificate-%@senda.test'`);
      await tx.execute(sql`
        insert into quiz_attempts (quiz_id, user_id, number, status, started_at, completed_at, closed_by, questions, score, max_score, percent, passed)
        select ${evaluation.id}, id, 1, 'completed', now() - interval '4 days', now() - interval '4 days', 'student', '[]'::jsonb, 8, 10, 80, true
        from users where email like 'bench-certificate-%@senda.test'`);
      return cohort!.id;
    });
    console.log(JSON.stringify({ cohortId: id, students }));
  } finally {
    await closeDatabase();
  }
}

await main();
