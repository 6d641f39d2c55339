import { sql } from 'drizzle-orm';
import { refreshStatistics } from './refresh-statistics';
import { hashPassword } from '~/lib/server/services/auth/passwords';
import type { Db } from './client';

/** Per unit of scale: the dataset issue 3's benchmark names. */
export const SCALE_UNIT = {
  students: 20_000,
  cohorts: 200,
  programs: 100,
  coursesPerProgram: 10,
  lessonsPerCourse: 20,
  historyPerStudent: 10,
  learningPaths: 10,
} as const;

export const SCALE_PASSWORD = 'Senda-scale-1';

export interface ScaleCounts {
  students: number;
  cohorts: number;
  programs: number;
  courses: number;
  lessons: number;
  lessonHistory: number;
}

/** How many rows of each kind a scale factor produces (at least one of each). */
export function scaleCounts(scale: number): ScaleCounts {
  const at = (n: number) => Math.max(1, Math.round(n * scale));
  const programs = at(SCALE_UNIT.programs);
  const courses = programs * SCALE_UNIT.coursesPerProgram;
  const students = at(SCALE_UNIT.students);
  return {
    students,
    cohorts: Math.max(programs, at(SCALE_UNIT.cohorts)),
    programs,
    courses,
    lessons: courses * SCALE_UNIT.lessonsPerCourse,
    lessonHistory: students * SCALE_UNIT.historyPerStudent,
  };
}

/**
 * A large dataset for benchmarks, inserted set-wise by the database itself:
 * one organization, learning paths, programs of 10 courses of 20 lessons,
 * ACTIVE cohorts (two per program at scale 1), students spread over them
 * (`scale-student-<n>@senda.test`, password SCALE_PASSWORD), and each
 * student's history in the first lessons of their program.
 */
export async function seedScaleData(db: Db, scale = 1): Promise<ScaleCounts> {
  const counts = scaleCounts(scale);
  const paths = Math.min(SCALE_UNIT.learningPaths, counts.cohorts);
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into organizations (name) values ('Programa nacional (escala)')`);
    await tx.execute(sql`
      with org as (select id from organizations where name = 'Programa nacional (escala)' order by id desc limit 1)
      insert into learning_paths (organization_id, name, description)
      select org.id, 'Ruta ' || g, 'Ruta de escala ' || g from org, generate_series(1, ${paths}) g`);
    await tx.execute(sql`
      insert into programs (name, description)
      select 'Programa escala ' || g, 'Programa de escala ' || g from generate_series(1, ${counts.programs}) g`);
    await tx.execute(sql`
      with p as (select id, row_number() over (order by id) as n from programs where name like 'Programa escala %'),
           lp as (select id, row_number() over (order by id) as n from learning_paths where name like 'Ruta %' and description like 'Ruta de escala %')
      insert into cohorts (learning_path_id, program_id, name, status)
      select (select id from lp where lp.n = 1 + (g - 1) % ${paths}), (select id from p where p.n = 1 + (g - 1) % ${counts.programs}), 'Cohorte escala ' || g, 'ACTIVE'
      from generate_series(1, ${counts.cohorts}) g`);
    await tx.execute(sql`
      insert into courses (program_id, name, description, position)
      select p.id, 'Curso ' || c || ' de ' || p.name, 'Curso de escala', c - 1
      from programs p, generate_series(1, ${SCALE_UNIT.coursesPerProgram}) c where p.name like 'Programa escala %'`);
    await tx.execute(sql`
      insert into lessons (course_id, title, section, content_md, position)
      select co.id, 'Lección ' || l, 'Nivel ' || (1 + (l - 1) / 5), '# Lección ' || l || E'\n\nContenido de **escala** con una lista:\n\n- uno\n- dos\n', l - 1
      from courses co join programs p on p.id = co.program_id, generate_series(1, ${SCALE_UNIT.lessonsPerCourse}) l
      where p.name like 'Programa escala %'`);
    await tx.execute(sql`
      insert into cohort_courses (cohort_id, course_id, release_at)
      select ch.id, co.id, now() - interval '1 day'
      from cohorts ch join courses co on co.program_id = ch.program_id where ch.name like 'Cohorte escala %'`);
    await tx.execute(sql`
      insert into users (email, password_hash, first_name, last_name, user_type, status_student)
      select 'scale-student-' || g || '@senda.test', ${passwordHash}, 'Estudiante', 'Escala ' || g, 'student', 1
      from generate_series(1, ${counts.students}) g`);
    await tx.execute(sql`
      with c as (select id, row_number() over (order by id) as n from cohorts where name like 'Cohorte escala %'),
           u as (select id, row_number() over (order by id) as n from users where email like 'scale-student-%')
      insert into memberships (user_id, cohort_id, role_id, status)
      select u.id, c.id, 1, 'ACTIVE' from u join c on c.n = 1 + (u.n - 1) % ${counts.cohorts}`);
    await tx.execute(sql`
      with first_lessons as (
        select co.program_id, l.id as lesson_id, row_number() over (partition by co.program_id order by co.position, l.position) as k
        from lessons l join courses co on co.id = l.course_id)
      insert into lesson_history (user_id, lesson_id, progress, completed_at)
      select m.user_id, fl.lesson_id, case when fl.k < ${SCALE_UNIT.historyPerStudent} then 100 else 40 end,
             case when fl.k < ${SCALE_UNIT.historyPerStudent} then now() else null end
      from memberships m
      join users u on u.id = m.user_id and u.email like 'scale-student-%'
      join cohorts ch on ch.id = m.cohort_id
      join first_lessons fl on fl.program_id = ch.program_id and fl.k <= ${SCALE_UNIT.historyPerStudent}`);
  });
  // A bulk load: the planner needs to know how much it loaded (ADR 033).
  await refreshStatistics(db);
  return counts;
}
