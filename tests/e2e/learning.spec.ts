/**
 * A student reads a course: syllabus by level, a lesson with its video and
 * sanitized content, "mark as completed", progress; a scheduled course shows
 * its opening date and no content. Content pages ship no React.
 */
import { expect, test, type Page } from '@playwright/test';
import { getItem, KEYS, submitSignIn } from './support/app';
import { DEMO, REFRESH_SERVER } from './support/servers';

// The second server's demo student: the main server's first terms acceptance belongs to the home spec.
test.use({ baseURL: REFRESH_SERVER.url });

async function signInAsStudent(page: Page) {
  await page.goto('/signin');
  await submitSignIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/home$/);
  // The shell has hydrated once the session is in storage; then the terms dialog shows if still needed.
  await expect.poll(() => getItem(page, KEYS.accessData)).not.toBeNull();
  const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
  if (await terms.isVisible()) {
    await terms.getByLabel('He leído y acepto los términos y condiciones').check();
    await terms.getByRole('button', { name: 'Aceptar y continuar' }).click();
    await expect(terms).toHaveCount(0);
  }
}

test('a student opens a course, reads a lesson, marks it completed and sees the progress', async ({ page }) => {
  await signInAsStudent(page);
  await page.getByRole('region', { name: 'Mis cursos' }).getByRole('link', { name: 'Fundamentos de programación' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Fundamentos de programación' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Nivel 1: primeros pasos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Nivel 2: decisiones' })).toBeVisible();
  await expect(page.getByText('0 % completado (0 de 3 lecciones)')).toBeVisible();
  await page.getByRole('link', { name: 'Empezar el curso' }).click();

  await expect(page.getByRole('heading', { level: 1, name: '¿Qué es programar?' })).toBeVisible();
  await expect(page.getByTitle('Video de la lección')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/zOjov-2OZ0E');
  await expect(page.getByRole('heading', { level: 2, name: 'Bienvenida' })).toBeVisible();
  await expect(page.getByText('Lección 1 de 3')).toBeVisible();
  // No React on a lesson page: no islands, only the small shell script.
  await expect(page.locator('astro-island')).toHaveCount(0);

  const outline = page.locator('details.course-outline');
  await expect(outline.locator('summary')).toContainText('0 de 3 lecciones');
  await page.getByRole('button', { name: 'Marcar como completada' }).click();
  await expect(page.getByText('Completaste esta lección')).toBeVisible();
  // The outline says so at once, without a reload (issue 35).
  await expect(outline.locator('summary')).toContainText('1 de 3 lecciones');
  await expect(outline.locator('[data-current-lesson]')).toContainText('✓');
  await page.getByRole('link', { name: 'Siguiente: Variables y tipos de datos' }).click();
  await expect(page.getByRole('cell', { name: 'Booleano' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anterior: ¿Qué es programar?' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Volver al curso' }).getByRole('link').click();
  await expect(page.getByText('33 % completado (1 de 3 lecciones)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continuar: Variables y tipos de datos' })).toBeVisible();
  await expect(page.getByText('Completada', { exact: true })).toHaveCount(1);

  // The logout button of the light shell works like the React one.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => window.localStorage.getItem('accessData'))).toBeNull();
});

test('a scheduled course shows its opening date and none of its content; unknown lessons are 404', async ({ page }) => {
  await signInAsStudent(page);
  await page.getByRole('region', { name: 'Mis cursos' }).getByRole('link', { name: 'Proyecto integrador' }).click();
  await expect(page.getByRole('status')).toContainText(/Este curso se abre el \d{1,2} de \w+ de \d{4}/);
  await expect(page.getByRole('heading', { name: 'Contenido del curso' })).toHaveCount(0);

  const missing = await page.goto('/lessons/999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('No encontramos este contenido, o no está disponible para ti.')).toBeVisible();
});

test("a student reads their cohort's news, newest first", async ({ page }) => {
  await signInAsStudent(page);
  await page.getByRole('region', { name: 'Mis rutas de aprendizaje' }).getByRole('link', { name: 'Noticias' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias: Cohorte 2026-1 Bogotá' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Horario de tutorías', 'Bienvenidos a la cohorte 2026-1']);
  await expect(page.getByText('Fundamentos de programación', { exact: true })).toBeVisible();
});
