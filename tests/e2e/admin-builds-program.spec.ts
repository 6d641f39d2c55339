/**
 * Issue 3's "done means": an admin builds a program from nothing in the
 * browser (program, courses, lessons with the Markdown editor), creates the
 * organization → learning path → cohort that uses it, adds a student and
 * releases one course; that student sees exactly what was released, reads
 * the lessons in the order the admin chose and sees their progress.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandsReady, signIn } from './support/app';
import { DEMO, DEMO_PASSWORD, MAIN_SERVER, runCli } from './support/servers';

const STUDENT = { email: 'lucia.e2e@senda.test', name: 'Lucía Prueba' };
const PROGRAM = 'Programa Analítica 2027';
const RELEASED = 'Análisis de datos';
const HELD_BACK = 'Visualización';
const ORGANIZATION = 'Secretaría de Educación E2E';
const PATH = 'Ruta de datos';
const COHORT = 'Cohorte Datos 2027-1';

/** Creates a lesson from the course page (a draft) and fills it in the editor; answers its id. */
async function createLesson(page: Page, title: string, section: string, markdown: string): Promise<number> {
  const form = page.getByRole('form', { name: 'Nueva lección' });
  await form.getByRole('textbox', { name: 'Título' }).fill(title);
  await form.getByLabel('Sección (nivel)').fill(section);
  await form.getByRole('button', { name: 'Crear lección' }).click();
  await expect(page).toHaveURL(/\/admin\/lessons\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const editor = page.getByRole('form', { name: 'Editor de la lección' });
  await expect(editor.getByRole('combobox', { name: 'Estado' })).toHaveValue('draft');
  await editor.getByRole('textbox', { name: 'Contenido (Markdown)' }).fill(markdown);
  await expect(page.getByTestId('lesson-save-state')).toHaveText('Cambios sin guardar');
  // Ctrl+S saves, like the button.
  await editor.getByRole('textbox', { name: 'Contenido (Markdown)' }).press('Control+s');
  await expect(page.getByTestId('lesson-save-state')).toHaveText('Guardado');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test('an admin builds a program in the browser, assigns a cohort and releases a course; the student sees exactly that', async ({ page }) => {
  test.setTimeout(180_000);
  await runCli(MAIN_SERVER, ['create-user', '--email', STUDENT.email, '--password', DEMO_PASSWORD, '--first-name', 'Lucía', '--last-name', 'Prueba']);

  // ── The admin: a program with two courses ──────────────────────────────
  await signIn(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Administración' }).click();
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Programas y cursos' }).click();
  // The button is the program list's own: a click before it hydrates would do nothing.
  const newProgram = page.getByRole('button', { name: 'Nuevo programa' });
  await expect(page.locator('astro-island').filter({ has: newProgram })).not.toHaveAttribute('ssr');
  await newProgram.click();
  const programForm = page.getByRole('form', { name: 'Nuevo programa' });
  await programForm.getByRole('textbox', { name: 'Nombre' }).fill(PROGRAM);
  await programForm.getByRole('textbox', { name: 'Descripción' }).fill('Datos abiertos de Colombia, de la hoja de cálculo a la decisión.');
  await programForm.getByRole('button', { name: 'Crear' }).click();
  await page.getByTestId('admin-programs').getByRole('link', { name: PROGRAM }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROGRAM })).toBeVisible();

  for (const course of [HELD_BACK, RELEASED]) {
    await islandsReady(page);
    await page.getByRole('button', { name: 'Nuevo curso' }).click();
    const courseForm = page.getByRole('form', { name: 'Nuevo curso' });
    await courseForm.getByRole('textbox', { name: 'Nombre' }).fill(course);
    await courseForm.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByTestId('program-courses').getByText(course, { exact: true })).toBeVisible();
  }
  // The keyboard alternative to dragging: "Análisis de datos" goes first.
  const courses = page.getByTestId('program-courses');
  await islandsReady(page);
  await courses.getByRole('button', { name: `Subir «${RELEASED}»` }).click();
  await expect(page.getByRole('status').filter({ hasText: `«${RELEASED}» ahora está en la posición 1` })).toBeAttached();
  await expect(courses.getByRole('listitem').first()).toContainText(RELEASED);
  await page.reload();
  await expect(page.getByTestId('program-courses').getByRole('listitem').first()).toContainText(RELEASED);
  const heldBackId = Number((await page.getByRole('link', { name: `Ver «${HELD_BACK}» como estudiante` }).getAttribute('href'))!.split('/').pop());

  // ── Lessons, written in the editor with the server's preview ────────────
  await page.getByRole('link', { name: `Lecciones de «${RELEASED}»` }).click();
  await expect(page.getByRole('heading', { level: 1, name: RELEASED })).toBeVisible();
  await expect(page.getByText('Este curso aún no tiene lecciones. Crea la primera o impórtalas desde archivos.')).toBeVisible();

  await createLesson(page, 'Limpieza de datos', 'Nivel 1: preparar', '## Columnas vacías\n\nRevisa las filas **incompletas**.');
  // Published from the editor.
  await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Publicada' });
  await islandsReady(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('lesson-save-state')).toHaveText('Guardado');
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: RELEASED }).click();
  const secondId = await createLesson(
    page,
    'Preguntas a los datos',
    'Nivel 1: preparar',
    '## Qué queremos saber\n\nUna **buena pregunta** antes de graficar.\n\n<script>alert(1)</script><img src=x onerror="alert(2)">',
  );
  // The preview is the server's sanitized rendering: the heading shows, the script does not.
  const preview = page.getByTestId('lesson-preview');
  await expect(preview.getByRole('heading', { level: 2, name: 'Qué queremos saber' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('buena pregunta');
  expect(await preview.innerHTML()).not.toMatch(/<script|onerror/);

  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: RELEASED }).click();
  // A third lesson stays a draft: the student never sees it.
  await createLesson(page, 'Tableros (en preparación)', 'Nivel 2: comunicar', '## Pendiente');
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: RELEASED }).click();
  const lessons = page.getByTestId('course-lessons');
  await expect(lessons.getByRole('listitem')).toHaveCount(3);
  await expect(lessons.getByRole('listitem').filter({ hasText: 'Limpieza de datos' })).toContainText('Publicada');
  await expect(lessons.getByRole('listitem').filter({ hasText: 'Tableros (en preparación)' })).toContainText('Borrador');
  // Published from the list.
  await islandsReady(page);
  await lessons.getByRole('button', { name: 'Publicar «Preguntas a los datos»' }).click();
  await expect(lessons.getByRole('listitem').filter({ hasText: 'Preguntas a los datos' })).toContainText('Publicada');
  await lessons.getByRole('button', { name: 'Subir «Preguntas a los datos»' }).click();
  await expect(lessons.getByRole('listitem').first()).toContainText('Preguntas a los datos');

  // ── Organization → learning path → cohort using the program ────────────
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Organizaciones y cohortes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organizaciones y cohortes' })).toBeVisible();
  await islandsReady(page);
  await page.getByRole('button', { name: 'Nueva organización' }).click();
  const organizationForm = page.getByRole('form', { name: 'Nueva organización' });
  await organizationForm.getByRole('textbox', { name: 'Nombre' }).fill(ORGANIZATION);
  await organizationForm.getByRole('button', { name: 'Crear' }).click();
  const tree = page.getByTestId('structure-tree');
  await tree.getByRole('button', { name: ORGANIZATION, exact: true }).click();
  await tree.getByRole('button', { name: `Nueva ruta de aprendizaje en «${ORGANIZATION}»` }).click();
  const pathForm = page.getByRole('form', { name: `Nueva ruta de aprendizaje en «${ORGANIZATION}»` });
  await pathForm.getByRole('textbox', { name: 'Nombre' }).fill(PATH);
  await pathForm.getByRole('button', { name: 'Crear' }).click();
  await tree.getByRole('button', { name: PATH, exact: true }).click();
  await tree.getByRole('button', { name: `Nueva cohorte en «${PATH}»` }).click();
  const cohortForm = page.getByRole('form', { name: `Nueva cohorte en «${PATH}»` });
  await cohortForm.getByRole('textbox', { name: 'Nombre' }).fill(COHORT);
  await cohortForm.getByRole('combobox', { name: 'Programa' }).selectOption({ label: PROGRAM });
  await cohortForm.getByRole('button', { name: 'Crear' }).click();
  const cohortRow = tree.getByTestId('structure-cohort').filter({ hasText: COHORT });
  await expect(cohortRow).toContainText(`Programa: ${PROGRAM}`);
  await cohortRow.getByRole('link', { name: `Administrar la cohorte «${COHORT}»` }).click();
  await expect(page.getByRole('heading', { level: 1, name: COHORT })).toBeVisible();

  // ── The cohort: a student, and one course released now ──────────────────
  await islandsReady(page);
  await page.getByRole('button', { name: 'Agregar miembros' }).click();
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).or(page.getByRole('textbox', { name: 'Buscar usuarios' })).fill('Lucía');
  await page.getByRole('list', { name: 'Usuarios encontrados' }).getByRole('checkbox', { name: new RegExp(STUDENT.name) }).check();
  await page.getByRole('button', { name: 'Agregar 1 miembro' }).click();
  const members = page.getByRole('table', { name: 'Miembros de la cohorte' });
  await expect(members.getByRole('row').filter({ hasText: STUDENT.email })).toContainText('Estudiante');

  await page.getByRole('navigation', { name: 'Secciones de la cohorte' }).getByRole('link', { name: 'Publicación de cursos' }).click();
  const releases = page.getByTestId('cohort-releases');
  await expect(releases.getByTestId('release-row')).toHaveCount(2);
  await islandsReady(page);
  await releases.getByRole('button', { name: `Publicar ahora «${RELEASED}»` }).click();
  await expect(releases.getByRole('listitem', { name: RELEASED })).toContainText('Publicado');
  await expect(releases.getByRole('listitem', { name: HELD_BACK })).toContainText('Sin publicar');

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // ── The student sees exactly what was released ──────────────────────────
  await signIn(page, STUDENT.email);
  const myCourses = page.getByRole('region', { name: 'Mis cursos' });
  await expect(myCourses.getByRole('link', { name: RELEASED })).toBeVisible();
  await expect(myCourses.getByRole('link', { name: HELD_BACK })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Administración' })).toHaveCount(0);

  await myCourses.getByRole('link', { name: RELEASED }).click();
  await expect(page.getByRole('heading', { level: 1, name: RELEASED })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Nivel 1: preparar' })).toBeVisible();
  await expect(page.getByText('0 % completado (0 de 2 lecciones)')).toBeVisible();
  await page.getByRole('link', { name: 'Empezar el curso' }).click();

  // The lesson the admin moved first, rendered and sanitized on the server.
  await expect(page).toHaveURL(new RegExp(`/lessons/${secondId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas a los datos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Qué queremos saber' })).toBeVisible();
  expect(await page.locator('.lesson-content').innerHTML()).not.toMatch(/<script|onerror/);
  await page.getByRole('button', { name: 'Marcar como completada' }).click();
  await expect(page.getByText('Completaste esta lección')).toBeVisible();
  await page.getByRole('link', { name: 'Siguiente: Limpieza de datos' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Columnas vacías' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Volver al curso' }).getByRole('link').click();
  await expect(page.getByText('50 % completado (1 de 2 lecciones)')).toBeVisible();
  await expect(page.getByText('Tableros (en preparación)')).toHaveCount(0);

  // The course that was not released does not exist for the student.
  const hidden = await page.goto(`/courses/${heldBackId}`);
  expect(hidden?.status()).toBe(404);
});
