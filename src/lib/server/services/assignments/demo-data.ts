/**
 * Demo assignments: activities of the three types (practical, evaluation,
 * nivelation) across the program's courses, one a checkpoint; and what a new
 * user can grade and see graded at once: an evaluation past its due date
 * with a late penalty, with Valentina's submission on time and Sofía's a day
 * late, both waiting for the tutor in the grading view; and a practice
 * Valentina sent that the tutor already graded, whose feedback she has not
 * read yet (the shell's badge).
 */
import type { Tx } from '~/lib/server/db/client';
import { assignments, feedbacks, submissions } from '~/lib/server/db/schema';
import type { DemoCourses } from '~/lib/server/services/content/demo-data';
import type { DemoAccountIds } from '~/lib/server/services/people/demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

/** Writes the demo assignments and submissions into the seed's transaction (see the module comment). */
export async function seedDemoAssignments(tx: Tx, courses: DemoCourses, people: DemoAccountIds): Promise<void> {
  await tx.insert(assignments).values([
    { courseId: courses.basics, title: 'Calculadora de propinas', instructions: 'Práctica con funciones y condicionales.', activityType: 'practical', dueAt: inDays(3), published: true },
    { courseId: courses.basics, title: 'Nivelación de lógica', instructions: 'Ejercicios de refuerzo de ciclos.', activityType: 'nivelation', dueAt: inDays(10), published: true },
    { courseId: courses.htmlCss, title: 'Página de tu barrio', instructions: 'Maqueta accesible y adaptable.', activityType: 'practical', dueAt: inDays(7), published: true },
    { courseId: courses.htmlCss, title: 'Evaluación de CSS', instructions: 'Selectores, cascada y diseño flexible.', activityType: 'evaluation', dueAt: inDays(14), isCheckpoint: true, published: true },
    { courseId: courses.javascript, title: 'Lista de tareas interactiva', instructions: 'Eventos y manipulación del DOM.', activityType: 'practical', dueAt: inDays(21), published: true },
    { courseId: courses.databases, title: 'Evaluación de SQL', instructions: 'Consultas con JOIN y agregaciones.', activityType: 'evaluation', dueAt: inDays(28), published: true },
    { courseId: courses.english, title: 'Nivelación de inglés A2', instructions: 'Lectura de documentación técnica.', activityType: 'nivelation', dueAt: null, published: true },
  ]);
  const [report, glossary] = await tx
    .insert(assignments)
    .values([
      {
        courseId: courses.basics,
        title: 'Informe: tu primer programa',
        instructions:
          '## Qué entregar\n\nEscribe un programa que pida tu nombre y te salude. Entrega:\n\n1. El código (archivo o enlace a tu repositorio).\n2. Un párrafo sobre lo que aprendiste.\n\nSe descuenta **10 % por día** de retraso.',
        activityType: 'evaluation',
        dueAt: inDays(-2),
        maxScore: 100,
        latePolicy: 'penalize',
        latePenaltyPercentPerDay: 10,
        published: true,
      },
      {
        courseId: courses.htmlCss,
        title: 'Glosario de HTML',
        instructions: 'Define con tus palabras diez etiquetas de HTML y da un ejemplo de cada una.',
        activityType: 'practical',
        dueAt: inDays(-5),
        maxScore: 100,
        // Closed: it no longer takes submissions, so it is nobody's homework any more.
        latePolicy: 'refuse',
        published: true,
      },
    ])
    .returning({ id: assignments.id });
  const [, , graded] = await tx
    .insert(submissions)
    .values([
      {
        assignmentId: report!.id,
        userId: people.valentina,
        number: 1,
        status: 'submitted',
        submittedAt: inDays(-3),
        dueAt: inDays(-2),
        text: 'Mi programa pide el nombre con prompt() y saluda con alert(). Aprendí a usar variables y a unir textos.',
        link: 'https://github.com/valentina-ospina/primer-programa',
      },
      {
        assignmentId: report!.id,
        userId: people.sofia,
        number: 1,
        status: 'late',
        submittedAt: inDays(-1.5),
        dueAt: inDays(-2),
        lateDays: 1,
        penaltyPercent: 10,
        text: 'Entrego tarde porque estuve sin internet. Mi programa saluda en español y en inglés.',
      },
      {
        assignmentId: glossary!.id,
        userId: people.valentina,
        number: 1,
        status: 'submitted',
        submittedAt: inDays(-6),
        dueAt: inDays(-5),
        text: '<p>: párrafo. <a>: enlace. <img>: imagen. <ul>: lista. <li>: elemento de lista. <h1>: título. <nav>: navegación. <main>: contenido principal. <form>: formulario. <button>: botón.',
        score: 90,
        feedback: '¡Muy bien! Revisa la diferencia entre `<section>` y `<div>` para la próxima.',
        gradedBy: people.tutor,
        gradedAt: inDays(-2),
      },
    ])
    .returning({ id: submissions.id });
  await tx.insert(feedbacks).values({
    studentId: people.valentina,
    authorId: people.tutor,
    submissionId: graded!.id,
    fromGrade: true,
    body: '¡Muy bien! Revisa la diferencia entre `<section>` y `<div>` para la próxima.',
    releasedAt: inDays(-2),
  });
}
