/**
 * Demo data for the content: the program's five courses released to the
 * active cohort a week ago, a sixth released later (drip: students see
 * "available on <date>" until then), last year's course, the lessons (the
 * first course's in Markdown with a video and a table, a draft and a lesson
 * scheduled to publish itself, which authors see and students do not), and
 * Valentina halfway through them.
 */
import { asc } from 'drizzle-orm';
import type { Tx } from '~/lib/server/db/client';
import { cohortCourses, courses, lessonHistory, lessons } from '~/lib/server/db/schema';
import type { DemoAccountIds } from '~/lib/server/services/people/demo-data';
import type { DemoStructure } from '~/lib/server/services/structure/demo-data';

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

/** The program's courses, for the domains seeded after the content. */
export interface DemoCourses {
  basics: number;
  htmlCss: number;
  javascript: number;
  databases: number;
  english: number;
}

/** Writes the demo content into the seed's transaction (see the module comment). */
export async function seedDemoContent(tx: Tx, structure: DemoStructure, accounts: DemoAccountIds): Promise<DemoCourses> {
  const programCourses = await tx
    .insert(courses)
    .values(PROGRAM_COURSES.map((course, position) => ({ ...course, programId: structure.programId, position })))
    .returning();
  const [scheduled] = await tx
    .insert(courses)
    .values({ ...SCHEDULED_COURSE, programId: structure.programId, position: PROGRAM_COURSES.length })
    .returning();
  await tx.insert(cohortCourses).values([
    ...programCourses.map((course) => ({ cohortId: structure.activeCohortId, courseId: course.id, releaseAt: inDays(-7) })),
    { cohortId: structure.activeCohortId, courseId: scheduled!.id, releaseAt: inDays(SCHEDULED_IN_DAYS) },
  ]);
  await tx.insert(courses).values({ programId: structure.pastProgramId, name: 'Introducción a la web (2025)', description: 'Curso de la edición anterior.', position: 0 });

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

  // Valentina is halfway: two lessons of the first course done, the third at 40 %, one lesson of HTML y CSS done.
  const courseLessons = await tx.select({ id: lessons.id, courseId: lessons.courseId }).from(lessons).orderBy(asc(lessons.position));
  const lessonsOf = (courseId: number) => courseLessons.filter((lesson) => lesson.courseId === courseId).map((lesson) => lesson.id);
  const [first, second, third] = lessonsOf(basics!.id);
  const [firstOfHtml] = lessonsOf(htmlCss!.id);
  await tx.insert(lessonHistory).values([
    { userId: accounts.valentina, lessonId: first!, progress: 100, startedAt: inDays(-6), completedAt: inDays(-6) },
    { userId: accounts.valentina, lessonId: second!, progress: 100, startedAt: inDays(-4), completedAt: inDays(-3) },
    { userId: accounts.valentina, lessonId: third!, progress: 40, startedAt: inDays(-1) },
    { userId: accounts.valentina, lessonId: firstOfHtml!, progress: 100, startedAt: inDays(-5), completedAt: inDays(-5) },
  ]);
  return { basics: basics!.id, htmlCss: htmlCss!.id, javascript: javascript!.id, databases: databases!.id, english: english!.id };
}
