import { asc, count } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { hashPassword } from '~/lib/server/services/auth/passwords';
import type { Db } from './client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoQuizzes } from './seed-quizzes';
import { seedDemoAssignments } from './seed-assignments';
import { seedDemoForums } from './seed-forums';
import { seedDemoPeople } from './demo-people';
import { seedDemoReports } from './seed-reports';
import { seedDemoRegistrations } from './seed-registrations';
import { seedDemoJarvis } from './seed-jarvis';
import { assignments, cohortCourses, cohorts, courses, learningPaths, lessonHistory, lessons, memberships, news, organizations, programs, users } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

const PROGRAM_COURSES = [
  { name: 'Fundamentos de programación', description: 'Variables, condicionales, ciclos y funciones con JavaScript.' },
  { name: 'HTML y CSS', description: 'Páginas accesibles y adaptables a cualquier pantalla.' },
  { name: 'JavaScript en el navegador', description: 'El DOM, eventos y peticiones a una API.' },
  { name: 'Bases de datos', description: 'Modelado relacional y consultas SQL con PostgreSQL.' },
  { name: 'Inglés técnico', description: 'Vocabulario y lectura de documentación en inglés.' },
];
/** Released later (drip): students see "available on <date>" until then. */
const SCHEDULED_COURSE = { name: 'Proyecto integrador', description: 'Un producto real, de la idea al despliegue, en equipo.' };
const SCHEDULED_IN_DAYS = 21;

const FIRST_COURSE_LESSONS = [
  {
    section: 'Nivel 1: primeros pasos',
    title: '¿Qué es programar?',
    videoUrl: 'https://www.youtube.com/watch?v=zOjov-2OZ0E',
    contentMd:
      '## Bienvenida\n\nProgramar es **dar instrucciones precisas** a un computador. En esta lección verás:\n\n- qué es un algoritmo;\n- cómo se escribe una instrucción en JavaScript;\n- cómo ejecutarla en tu navegador.\n\n> Consejo: abre la consola del navegador con F12 y prueba cada ejemplo.',
  },
  {
    section: 'Nivel 1: primeros pasos',
    title: 'Variables y tipos de datos',
    videoUrl: null,
    contentMd:
      '## Variables\n\nUna variable guarda un valor con un nombre:\n\n```js\nconst nombre = \'Sofía\';\nlet edad = 19;\n```\n\n| Tipo | Ejemplo |\n|---|---|\n| Texto | `\'hola\'` |\n| Número | `42` |\n| Booleano | `true` |',
  },
  {
    section: 'Nivel 2: decisiones',
    title: 'Condicionales',
    videoUrl: null,
    contentMd: '## if y else\n\n```js\nif (edad >= 18) {\n  console.log(\'Mayor de edad\');\n} else {\n  console.log(\'Menor de edad\');\n}\n```\n\nPractica con la [documentación de MDN](https://developer.mozilla.org/es/docs/Web/JavaScript/Reference/Statements/if...else).',
  },
];

/** True when the database has no users yet (a fresh install). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}

/**
 * Demo data: one organization, one learning path, an ACTIVE and an INACTIVE
 * cohort, a program with five courses and activities of the three types, a
 * published quiz of each type (seed-quizzes.ts), assignments to grade and one
 * graded (seed-assignments.ts), the admin, tutor and student
 * accounts, and the demo people (demo-people.ts: person forms, a pending
 * invitation, a deletion request), and forums and live sessions
 * (seed-forums.ts), a second cohort filling the dashboard and the
 * reports (seed-reports.ts), and offers open to sign-up with discount
 * codes (seed-registrations.ts), and a practice quiz Sofía failed, for the
 * study assistant's lessons to review (seed-jarvis.ts).
 */
export async function seedDemoData(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [organization] = await tx.insert(organizations).values({ name: 'Fundación Senda Colombia' }).returning();
    const [path] = await tx
      .insert(learningPaths)
      .values({
        organizationId: organization!.id,
        name: 'Desarrollo de software',
        description: 'Ruta nacional de formación en desarrollo web, de cero a tu primer empleo.',
      })
      .returning();
    const [program, pastProgram] = await tx
      .insert(programs)
      .values([
        { name: 'Desarrollo web 2026', description: 'Programa de 24 semanas con prácticas, evaluaciones y nivelaciones.' },
        { name: 'Desarrollo web 2025', description: 'Edición anterior del programa.' },
      ])
      .returning();
    const [activeCohort, pastCohort] = await tx
      .insert(cohorts)
      .values([
        { learningPathId: path!.id, programId: program!.id, name: 'Cohorte 2026-1 Bogotá', status: 'ACTIVE', startsOn: '2026-02-02', endsOn: '2026-12-18' },
        { learningPathId: path!.id, programId: pastProgram!.id, name: 'Cohorte 2025-2 Medellín', status: 'INACTIVE', startsOn: '2025-07-07', endsOn: '2025-12-12' },
      ])
      .returning();

    const programCourses = await tx
      .insert(courses)
      .values(PROGRAM_COURSES.map((course, position) => ({ ...course, programId: program!.id, position })))
      .returning();
    const [scheduled] = await tx
      .insert(courses)
      .values({ ...SCHEDULED_COURSE, programId: program!.id, position: PROGRAM_COURSES.length })
      .returning();
    await tx.insert(cohortCourses).values([
      ...programCourses.map((course) => ({ cohortId: activeCohort!.id, courseId: course.id, releaseAt: inDays(-7) })),
      { cohortId: activeCohort!.id, courseId: scheduled!.id, releaseAt: inDays(SCHEDULED_IN_DAYS) },
    ]);
    await tx.insert(courses).values({ programId: pastProgram!.id, name: 'Introducción a la web (2025)', description: 'Curso de la edición anterior.', position: 0 });

    const [basics, htmlCss, javascript, databases, english] = programCourses;
    await tx.insert(lessons).values([
      ...FIRST_COURSE_LESSONS.map((lesson, position) => ({ ...lesson, courseId: basics!.id, position })),
      ...[htmlCss, javascript, databases, english].flatMap((course) => [
        { courseId: course!.id, section: 'Nivel 1', title: `Introducción a ${course!.name}`, contentMd: `## ${course!.name}\n\n${course!.description}`, position: 0 },
        { courseId: course!.id, section: 'Nivel 1', title: 'Práctica guiada', contentMd: 'Sigue los pasos del video y entrega tu práctica en la plataforma.', position: 1 },
      ]),
      // What authors see and students do not: a draft, and a lesson scheduled to publish itself.
      {
        courseId: javascript!.id,
        section: 'Nivel 2',
        title: 'Promesas y async/await',
        contentMd: '## Borrador\n\nPendiente: ejemplos con `fetch` y manejo de errores.',
        position: 2,
        publishedAt: null,
      },
      {
        courseId: htmlCss!.id,
        section: 'Nivel 2',
        title: 'Diseño con CSS Grid',
        contentMd: '## CSS Grid\n\nFilas, columnas y áreas con nombre para maquetar páginas completas.',
        position: 2,
        publishedAt: inDays(5),
      },
    ]);
    await tx.insert(assignments).values([
      { courseId: basics!.id, title: 'Calculadora de propinas', instructions: 'Práctica con funciones y condicionales.', activityType: 'practical', dueAt: inDays(3), published: true },
      { courseId: basics!.id, title: 'Nivelación de lógica', instructions: 'Ejercicios de refuerzo de ciclos.', activityType: 'nivelation', dueAt: inDays(10), published: true },
      { courseId: htmlCss!.id, title: 'Página de tu barrio', instructions: 'Maqueta accesible y adaptable.', activityType: 'practical', dueAt: inDays(7), published: true },
      { courseId: htmlCss!.id, title: 'Evaluación de CSS', instructions: 'Selectores, cascada y diseño flexible.', activityType: 'evaluation', dueAt: inDays(14), isCheckpoint: true, published: true },
      { courseId: javascript!.id, title: 'Lista de tareas interactiva', instructions: 'Eventos y manipulación del DOM.', activityType: 'practical', dueAt: inDays(21), published: true },
      { courseId: databases!.id, title: 'Evaluación de SQL', instructions: 'Consultas con JOIN y agregaciones.', activityType: 'evaluation', dueAt: inDays(28), published: true },
      { courseId: english!.id, title: 'Nivelación de inglés A2', instructions: 'Lectura de documentación técnica.', activityType: 'nivelation', dueAt: null, published: true },
    ]);

    const created = await tx
      .insert(users)
      .values(DEMO_ACCOUNTS.map((account) => ({ ...account, passwordHash })))
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => created.find((user) => user.email === email)!.id;
    await tx.insert(news).values([
      {
        cohortId: activeCohort!.id,
        title: 'Bienvenidos a la cohorte 2026-1',
        body: 'Esta semana empieza **Fundamentos de programación**. Revisa el contenido del curso y pregunta a tu tutor lo que necesites.',
        publishedAt: inDays(-6),
        authorId: idOf('tutor@senda.test'),
      },
      {
        cohortId: activeCohort!.id,
        title: 'Horario de tutorías',
        body: 'Las tutorías en vivo son los martes y jueves de 6:00 a 7:30 p. m.',
        publishedAt: inDays(-2),
        authorId: idOf('tutor@senda.test'),
      },
    ]);
    await tx.insert(memberships).values([
      { userId: idOf('tutor@senda.test'), cohortId: activeCohort!.id, roleId: ROLE_IDS.tutor },
      { userId: idOf('student@senda.test'), cohortId: activeCohort!.id, roleId: ROLE_IDS.student },
      { userId: idOf('student@senda.test'), cohortId: pastCohort!.id, roleId: ROLE_IDS.student },
      { userId: idOf('valentina@senda.test'), cohortId: activeCohort!.id, roleId: ROLE_IDS.student },
    ]);
    // Valentina is halfway: two lessons of the first course done, the third at 40 %, one lesson of HTML y CSS done.
    const courseLessons = await tx.select({ id: lessons.id, courseId: lessons.courseId }).from(lessons).orderBy(asc(lessons.position));
    const lessonsOf = (courseId: number) => courseLessons.filter((lesson) => lesson.courseId === courseId).map((lesson) => lesson.id);
    const [first, second, third] = lessonsOf(basics!.id);
    const [firstOfHtml] = lessonsOf(htmlCss!.id);
    const valentina = idOf('valentina@senda.test');
    await tx.insert(lessonHistory).values([
      { userId: valentina, lessonId: first!, progress: 100, startedAt: inDays(-6), completedAt: inDays(-6) },
      { userId: valentina, lessonId: second!, progress: 100, startedAt: inDays(-4), completedAt: inDays(-3) },
      { userId: valentina, lessonId: third!, progress: 40, startedAt: inDays(-1) },
      { userId: valentina, lessonId: firstOfHtml!, progress: 100, startedAt: inDays(-5), completedAt: inDays(-5) },
    ]);
    await seedDemoQuizzes(tx, { basics: basics!.id, htmlCss: htmlCss!.id, english: english!.id }, { valentina, tutor: idOf('tutor@senda.test') });
    await seedDemoAssignments(tx, { basics: basics!.id, htmlCss: htmlCss!.id }, { valentina, sofia: idOf('student@senda.test'), tutor: idOf('tutor@senda.test') });
    await seedDemoPeople(tx, { activeCohortId: activeCohort!.id, idOf, passwordHash });
    await seedDemoForums(tx, { activeCohortId: activeCohort!.id, programId: program!.id, tutor: idOf('tutor@senda.test'), student: idOf('student@senda.test'), valentina });
    await seedDemoReports(tx, { learningPathId: path!.id, programId: program!.id, passwordHash });
    await seedDemoRegistrations(tx, { learningPathId: path!.id, programId: program!.id, releasedFrom: activeCohort!.id, passwordHash });
    await seedDemoJarvis(tx, { basics: basics!.id, sofia: idOf('student@senda.test') });
  });
}
