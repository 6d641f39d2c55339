/**
 * Issue 11, done means: a tutor builds a quiz with all six question types
 * (part of it imported from GIFT) and publishes it; a student starts it,
 * answers, goes offline and answers two more, comes back online, reloads,
 * finds every answer there and submits; the tutor grades the open answer;
 * the student sees the final score.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, getJson, hydrated, KEYS, signIn, thisServer } from './support/app';
import { DEMO, DEMO_PASSWORD, runCli } from './support/servers';

const QUIZ = 'Evaluación de la semana 2';
const GIFT = `::Agua:: El agua hierve a 100 °C al nivel del mar. {T}

::Enlace:: ¿Qué etiqueta HTML crea un enlace? {=a =ancla}

::Ensayo:: Explica con tus palabras qué es una función. {}
`;

/** An API call with the signed-in admin's token: the test's own setup, not what is under test. */
async function api<T>(page: Page, method: string, path: string, data?: object): Promise<T> {
  const access = await getJson<{ accessToken: string }>(page, KEYS.accessData);
  const response = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${access!.accessToken}` }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Its own program, course and cohort, with a new tutor and a new student (so
 * the demo accounts other specs count on stay as they are); answers the
 * course id and the two people's emails.
 */
async function setUp(page: Page): Promise<{ courseId: number; tutor: string; student: string }> {
  const tutor = 'tutora.quiz.e2e@senda.test';
  const student = 'estudiante.quiz.e2e@senda.test';
  await runCli(thisServer(), ['create-user', '--email', tutor, '--password', DEMO_PASSWORD, '--first-name', 'Marta', '--last-name', 'Tutora', '--type', 'staff']);
  await runCli(thisServer(), ['create-user', '--email', student, '--password', DEMO_PASSWORD, '--first-name', 'Camilo', '--last-name', 'Estudiante']);
  await signIn(page, DEMO.admin);
  const paths = await api<{ results: { id: number }[] }>(page, 'GET', '/api/v2/learning-paths/');
  const program = await api<{ id: number }>(page, 'POST', '/api/v2/programs/', { name: 'Programa de cuestionarios', description: '' });
  const course = await api<{ id: number }>(page, 'POST', '/api/v2/courses/', { programId: program.id, name: 'Curso con evaluaciones' });
  const cohort = await api<{ id: number }>(page, 'POST', '/api/v2/cohorts/', { learningPathId: paths.results[0]!.id, programId: program.id, name: 'Cohorte de cuestionarios' });
  await api(page, 'POST', `/api/v2/cohorts/${cohort.id}/content/courses/${course.id}/release/`, {});
  const idOf = async (email: string) => (await api<{ results: { id: number }[] }>(page, 'GET', `/api/v2/users/?search=${encodeURIComponent(email)}`)).results[0]!.id;
  await api(page, 'POST', `/api/v2/cohorts/${cohort.id}/assign_users/`, {
    users: [
      { userId: await idOf(tutor), role_id: 2 },
      { userId: await idOf(student), role_id: 1 },
    ],
  });
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  return { courseId: course.id, tutor, student };
}

/** The editor's card of the n-th question (1-based). */
const questionCard = (page: Page, number: number) => page.getByRole('group', { name: new RegExp(`^Pregunta ${number}\\b`) });

test('a tutor builds and publishes a quiz; a student answers it, partly offline, and submits; the tutor grades; the student sees the score', async ({ browser }) => {
  test.setTimeout(180_000);
  const tutorContext = await browser.newContext();
  const tutor = await tutorContext.newPage();
  const people = await setUp(tutor);
  await signIn(tutor, people.tutor);
  await tutor.goto(`/admin/courses/${people.courseId}`);
  await tutor.getByRole('link', { name: 'Nuevo cuestionario' }).click();
  await expect(tutor.getByRole('heading', { name: 'Nuevo cuestionario', level: 1 })).toBeVisible();

  const editor = tutor.getByRole('form', { name: 'Editor del cuestionario' });
  await hydrated(tutor, editor);
  await editor.getByRole('textbox', { name: 'Título' }).fill(QUIZ);
  await editor.getByRole('combobox', { name: 'Tipo de actividad' }).selectOption({ label: 'Evaluaciones' });

  // Three questions written by hand: single choice, multiple choice, numeric.
  await editor.getByRole('button', { name: '+ Opción única' }).click();
  const single = questionCard(tutor, 1);
  await single.getByRole('textbox', { name: 'Enunciado (Markdown)' }).fill('¿Cuál es la capital de Colombia?');
  await single.getByRole('textbox', { name: 'Texto de la opción 1' }).fill('Medellín');
  await single.getByRole('textbox', { name: 'Texto de la opción 2' }).fill('Bogotá');
  await single.getByRole('radio', { name: 'La opción 2 es correcta' }).check();

  await editor.getByRole('button', { name: '+ Opción múltiple' }).click();
  const multiple = questionCard(tutor, 2);
  await multiple.getByRole('textbox', { name: 'Enunciado (Markdown)' }).fill('¿Cuáles son lenguajes de programación?');
  await multiple.getByRole('textbox', { name: 'Texto de la opción 1' }).fill('JavaScript');
  await multiple.getByRole('textbox', { name: 'Texto de la opción 2' }).fill('HTML');
  await multiple.getByRole('button', { name: 'Agregar opción' }).click();
  await multiple.getByRole('textbox', { name: 'Texto de la opción 3' }).fill('Python');
  await multiple.getByRole('checkbox', { name: 'La opción 3 es correcta' }).check();

  await editor.getByRole('button', { name: '+ Numérica' }).click();
  const numeric = questionCard(tutor, 3);
  await numeric.getByRole('textbox', { name: 'Enunciado (Markdown)' }).fill('¿Cuánto es 6 × 7?');
  await numeric.getByRole('textbox', { name: 'Respuesta correcta' }).fill('42');

  // Three more imported from GIFT: true/false, short answer, essay (checked first, then imported).
  await editor.getByText('Importar preguntas (GIFT, Aiken u hoja de cálculo)').click();
  await editor.getByRole('textbox', { name: 'Pega preguntas GIFT o Aiken' }).fill(GIFT);
  await editor.getByRole('button', { name: 'Revisar' }).click();
  await expect(editor.getByRole('heading', { name: '3 preguntas listas para importar' })).toBeVisible();
  await editor.getByRole('button', { name: 'Importar y agregar al cuestionario' }).click();
  await expect(editor.getByText('Se importaron 3 preguntas y se agregaron al cuestionario.')).toBeVisible();
  await expect(editor.getByRole('heading', { name: 'Preguntas (6)' })).toBeVisible();

  await editor.getByRole('checkbox', { name: 'Publicado (los estudiantes lo ven)' }).check();
  await editor.getByRole('button', { name: 'Crear el cuestionario' }).click();
  await expect(tutor).toHaveURL(/\/admin\/quizzes\/\d+$/);
  await expect(tutor.getByRole('heading', { name: QUIZ, level: 1 })).toBeVisible();
  await expect(tutor.getByText('Publicado', { exact: true }).first()).toBeVisible();
  const quizPath = new URL(tutor.url()).pathname.replace('/admin', '');

  // The student.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, people.student, { acceptTerms: false });
  // A new student accepts the terms first (the shell asks once it has started).
  await acceptTerms(student);
  await student.goto('/quizzes');
  await student.getByRole('link', { name: QUIZ }).click();
  await expect(student).toHaveURL(new RegExp(`${quizPath}$`));
  await hydrated(student, student.getByRole('button', { name: 'Empezar el cuestionario' }));
  await student.getByRole('button', { name: 'Empezar el cuestionario' }).click();

  const question = (name: string) => student.getByRole('region', { name: new RegExp(name) });
  await question('capital de Colombia').getByRole('radio', { name: 'Bogotá' }).check();
  await question('lenguajes de programación').getByRole('checkbox', { name: 'JavaScript' }).check();
  await question('lenguajes de programación').getByRole('checkbox', { name: 'Python' }).check();
  await question('6 × 7').getByRole('textbox', { name: 'Tu respuesta (un número)' }).fill('42');
  await question('etiqueta HTML').getByRole('textbox', { name: 'Tu respuesta' }).fill('A');
  await expect(student.getByText('Todas tus respuestas están guardadas.')).toBeVisible();
  await expect(question('6 × 7').getByText(/Guardada a las/)).toBeVisible();

  // Offline: two more answers are kept on the device.
  await studentContext.setOffline(true);
  await question('agua hierve').getByRole('radio', { name: 'Verdadero' }).check();
  await question('qué es una función').getByRole('textbox', { name: 'Tu respuesta' }).fill('Un bloque de código con nombre que se puede llamar muchas veces.');
  await expect(student.getByText(/Sin conexión: 2 respuestas están guardadas en este dispositivo/)).toBeVisible();
  await expect(question('agua hierve').getByText(/Guardada en este dispositivo/)).toBeVisible();

  // Back online, a reload: every answer is there (the server's, and the ones this browser sent on the way back).
  await studentContext.setOffline(false);
  await expect(student.getByText('Todas tus respuestas están guardadas.')).toBeVisible();
  await student.reload();
  await expect(question('capital de Colombia').getByRole('radio', { name: 'Bogotá' })).toBeChecked();
  await expect(question('lenguajes de programación').getByRole('checkbox', { name: 'Python' })).toBeChecked();
  await expect(question('lenguajes de programación').getByRole('checkbox', { name: 'HTML' })).not.toBeChecked();
  await expect(question('6 × 7').getByRole('textbox', { name: 'Tu respuesta (un número)' })).toHaveValue('42');
  await expect(question('etiqueta HTML').getByRole('textbox', { name: 'Tu respuesta' })).toHaveValue('A');
  await expect(question('agua hierve').getByRole('radio', { name: 'Verdadero' })).toBeChecked();
  await expect(question('qué es una función').getByRole('textbox', { name: 'Tu respuesta' })).toHaveValue('Un bloque de código con nombre que se puede llamar muchas veces.');
  await expect(student.getByText('6 de 6 respondidas')).toBeVisible();

  await student.getByRole('button', { name: 'Enviar respuestas' }).click();
  await student.getByRole('button', { name: 'Sí, enviar' }).click();
  await expect(student).toHaveURL(/\/quizzes\/\d+\/attempts\/\d+$/);
  await expect(student.getByText('Pendiente de calificación').first()).toBeVisible();
  // Five of six right (the open one waits): 5 points of 6 so far.
  await expect(student.getByText('5 de 6 puntos')).toBeVisible();
  const resultPath = new URL(student.url()).pathname;

  // The tutor grades the open answer.
  await tutor.reload();
  const attempts = tutor.getByRole('region', { name: 'Intentos y calificación' });
  // The attempts island draws its table once hydrated and loaded (it hydrates when scrolled into view).
  await attempts.scrollIntoViewIfNeeded();
  await attempts.getByRole('button', { name: /^Calificar a / }).click();
  const grading = attempts.getByRole('group', { name: 'Calificar esta respuesta' });
  await grading.getByRole('textbox', { name: 'Puntos (de 1)' }).fill('1');
  await grading.getByRole('textbox', { name: 'Comentario para el estudiante' }).fill('Muy bien explicado.');
  await grading.getByRole('button', { name: 'Guardar calificación' }).click();
  await expect(attempts.getByText('6 de 6 puntos')).toBeVisible();

  // The student sees the final score.
  await student.goto(resultPath);
  await expect(student.getByText('6 de 6 puntos')).toBeVisible();
  await expect(student.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(student.getByText('Muy bien explicado.')).toBeVisible();

  await tutorContext.close();
  await studentContext.close();
});

test('Valentina finds her graded evaluation, and the Quizzes, Evaluations and Practice entries are real pages', async ({ page }) => {
  await signIn(page, 'valentina@senda.test');
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await nav.getByRole('link', { name: 'Evaluaciones' }).click();
  await expect(page).toHaveURL(/\/evaluations$/);
  await expect(page.getByRole('heading', { name: 'Evaluaciones', level: 1 })).toBeVisible();
  const done = page.getByRole('region', { name: 'Hechos y cerrados' });
  await expect(done.getByText('Enviado · 76 %')).toBeVisible();
  await done.getByRole('link', { name: 'Evaluación: fundamentos de JavaScript' }).click();
  await page.getByRole('link', { name: 'Ver resultado' }).click();
  await expect(page.getByText('6,83 de 9 puntos')).toBeVisible();
  await expect(page.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(page.getByText(/Buena definición/)).toBeVisible();

  await nav.getByRole('link', { name: 'Práctica' }).click();
  await expect(page.getByRole('link', { name: 'Práctica: HTML accesible' })).toBeVisible();
  await nav.getByRole('link', { name: 'Cuestionarios' }).click();
  const toDo = page.getByRole('region', { name: 'Por hacer' });
  await expect(toDo.getByRole('link', { name: 'Práctica: HTML accesible' })).toBeVisible();
  await expect(toDo.getByRole('link', { name: 'Nivelación: vocabulario técnico en inglés' })).toBeVisible();
  await expect(toDo.getByRole('link', { name: 'Evaluación: fundamentos de JavaScript' })).toHaveCount(0);
});
