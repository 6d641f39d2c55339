/**
 * (a) A student signs in for the first time: the terms-and-conditions modal,
 * then the home screen with their courses, banners, activity types and
 * homework, and the session copied to localStorage.
 */
import { expect, test } from '@playwright/test';
import { acceptTerms, getItem, getJson, KEYS, submitSignIn } from './support/app';
import { DEMO } from './support/servers';

const ACTIVE_COURSES = ['Fundamentos de programación', 'HTML y CSS', 'JavaScript en el navegador', 'Bases de datos', 'Inglés técnico'];
/** Released to the cohort three weeks from now (drip): listed, with its opening date. */
const SCHEDULED_COURSE = 'Proyecto integrador';

test('a student accepts the terms once and lands on a filled-in home', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Te damos la bienvenida a Senda' })).toBeVisible();
  await submitSignIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/home$/);

  // The modal is a real <dialog> and cannot be accepted before ticking the box.
  const dialog = page.getByRole('dialog', { name: 'Términos y condiciones' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('dialog.terms')).toHaveJSProperty('open', true);
  await expect(dialog.getByRole('button', { name: 'Aceptar y continuar' })).toBeDisabled();
  // Escape does not dismiss it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await acceptTerms(page);
  await page.waitForLoadState();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await getJson(page, KEYS.userInfo))?.statusStudent).toBe(1);

  // statusStudent is 1 on the server too: a reload does not bring the modal back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Hola, Sofía Martínez! Te damos la bienvenida a Senda');
  await expect(page.locator('dialog')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // My courses: the five of the ACTIVE cohort, not the one of the INACTIVE cohort.
  const courses = page.getByRole('region', { name: 'Mis cursos' });
  await expect(courses.getByRole('heading', { level: 3 })).toHaveText([...ACTIVE_COURSES, SCHEDULED_COURSE]);
  await expect(courses.getByRole('listitem').filter({ hasText: SCHEDULED_COURSE })).toContainText(/Disponible el \d{1,2} de \w+ de \d{4}/);
  await expect(courses.getByText(/Disponible el/)).toHaveCount(1);
  await expect(page.getByText('Introducción a la web (2025)')).toHaveCount(0);
  await expect(page.getByText('No hay cursos para mostrar')).toHaveCount(0);

  // The 8 default banners, whose images really exist, one at a time in a carousel; each image is described by its caption.
  const carousel = page.getByRole('region', { name: 'Novedades' });
  await expect(carousel.locator('img')).toHaveCount(8);
  await expect(carousel.getByRole('img')).toHaveCount(1);
  await expect(carousel.getByRole('img', { name: 'Estudia un poco cada día: media hora constante rinde más que una noche entera.' })).toBeVisible();
  for (let id = 1; id <= 8; id++) {
    await expect(carousel.locator(`img[data-banner-id="${id}"]`)).toHaveAttribute('src', `/banners/banner-${id}.svg`);
    const response = await page.request.get(`/banners/banner-${id}.svg`);
    expect(response.status(), `GET /banners/banner-${id}.svg`).toBe(200);
  }
  // Next, previous and pause are buttons a keyboard reaches.
  await carousel.getByRole('button', { name: 'Pausar' }).click();
  await expect(carousel.getByRole('button', { name: 'Reanudar' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Novedad siguiente' }).press('Enter');
  await expect(carousel.getByRole('img', { name: 'Marca cada lección como completada y retoma siempre donde quedaste.' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Novedad anterior' }).click();
  await expect(carousel.getByRole('img', { name: /^Estudia un poco cada día/ })).toBeVisible();

  // The three activity types.
  const activities = page.getByRole('region', { name: 'Tipos de actividad' });
  await expect(activities.getByRole('link')).toHaveCount(3);
  await expect(activities.getByRole('link', { name: /Actividades prácticas/ })).toHaveAttribute('href', '/practice');
  await expect(activities.getByRole('link', { name: /Evaluaciones/ })).toHaveAttribute('href', '/evaluations');
  await expect(activities.getByRole('link', { name: /Nivelaciones/ })).toHaveAttribute('href', '/nivelations');

  // The homework list is fetched through the shared request helper once the session is known.
  const homework = page.getByRole('region', { name: 'Por hacer' });
  await homework.scrollIntoViewIfNeeded();
  // What is due this week shows; the rest (due later, undated) folds under "Ver todo" (issue 35).
  const shownFirst = await homework.getByRole('listitem').count();
  expect(shownFirst).toBeLessThan(10);
  await homework.getByText(/^Ver todo: \d+ más/).click();
  // The seven activities and the three demo quizzes still to take (a quiz opens its page).
  await expect(homework.getByRole('listitem')).toHaveCount(10);
  await expect(homework.getByRole('link', { name: 'Evaluación: fundamentos de JavaScript' })).toHaveAttribute('href', /^\/quizzes\/\d+$/);
  await expect(homework.getByRole('listitem').first()).toContainText('Calculadora de propinas');
  await expect(homework.getByRole('listitem').last()).toContainText('Sin fecha de entrega');
  await expect(homework.getByText('Punto de control')).toBeVisible();

  // The sidebar entries of the contract.
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  for (const entry of ['Transmisiones en vivo', 'Clases sugeridas', 'Práctica', 'Foros', 'Cuestionarios', 'Evaluaciones']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }

  // localStorage holds the session exactly under the contract's keys.
  const access = await getJson<{ accessToken: string; refreshToken: string; idUser: number; idTrainingPath: number | null }>(page, KEYS.accessData);
  expect(access).toBeTruthy();
  expect(access!.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(access!.refreshToken).toEqual(expect.any(String));
  expect(access!.refreshToken.length).toBeGreaterThan(20);
  expect(access!.idUser).toEqual(expect.any(Number));
  expect(access!.idTrainingPath).toEqual(expect.any(Number));
  const info = await getJson(page, KEYS.userInfo);
  expect(info).toMatchObject({ email: DEMO.student, name: 'Sofía Martínez', typeUser: 'student', statusStudent: 1, idUser: access!.idUser, idTrainingPath: access!.idTrainingPath });
  expect(info).not.toHaveProperty('accessToken');
  expect(await getItem(page, KEYS.logged)).toBe('true');
  expect(await getJson(page, KEYS.currentSettings)).toEqual({ lang: 'es' });
  expect(await getItem(page, KEYS.removeSession)).toBeNull();
});
