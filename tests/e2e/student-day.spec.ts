/**
 * The student's day, as Valentina (a demo student halfway through her
 * courses) lives it: where she left off, what is due, the syllabus with each
 * lesson's state, the lesson outline; on a 390 px phone a one-row header, a
 * drawer menu that keeps focus, and no sideways scrolling; a completion made
 * offline is kept and sent when the network is back. Screenshots of home, a
 * course and a lesson (desktop and phone, Spanish and English) are attached.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signIn } from './support/app';
import { REFRESH_SERVER } from './support/servers';

const VALENTINA = 'valentina@senda.test';
const PHONE = { width: 390, height: 844 };

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a student halfway through a course sees where she left off, what is due, and each lesson’s state', async ({ page }) => {
  await signIn(page, VALENTINA);

  const resume = page.getByRole('region', { name: 'Continúa donde quedaste' });
  await expect(resume.getByRole('link', { name: 'Condicionales', exact: true })).toBeVisible();
  await expect(resume).toContainText('Lección 3 de 3 · Fundamentos de programación');
  await expect(resume).toContainText('66 % completado');
  await expect(resume.getByRole('link', { name: 'Continuar la lección' })).toHaveAttribute('href', /\/lessons\/\d+$/);

  // Homework grouped by urgency, with relative dates and the exact date on focus.
  const homework = page.getByRole('region', { name: 'Por hacer' });
  await expect(homework.getByRole('heading', { level: 3 })).toHaveText([/^Esta semana/]);
  await homework.getByText(/^Ver todo: \d+ más/).click();
  await expect(homework.getByRole('heading', { level: 3 })).toHaveText([/^Esta semana/, /^Más adelante/, /^Sin fecha de entrega/]);
  const due = homework.getByRole('region', { name: /Esta semana/ }).locator('time').first();
  // Seeded three days ahead of the server's start: once Bogotá's midnight falls between the start and this line, the
  // same due date is a calendar day nearer.
  const bogotaDay = (date: Date) => Date.parse(date.toLocaleDateString('en-CA', { timeZone: 'America/Bogota' }));
  const daysLeft = Math.round((bogotaDay(new Date((await due.getAttribute('datetime'))!)) - bogotaDay(new Date())) / 86_400_000);
  expect([2, 3]).toContain(daysLeft);
  await expect(due).toHaveText(daysLeft === 3 ? 'Entrega dentro de 3 días' : 'Entrega pasado mañana');
  await expect(due).toHaveAttribute('title', /\d{4}/);

  // Course cards: progress, the next lesson, plurals that read right.
  const card = page.getByRole('region', { name: 'Mis cursos' }).getByRole('listitem').filter({ hasText: 'Fundamentos de programación' });
  await expect(card).toContainText('2 de 3 lecciones');
  await expect(card.getByRole('link', { name: 'Siguiente: Condicionales' })).toBeVisible();
  // The activities, the demo evaluation to hand in (issue 12), the course's published quiz (an evaluation) and its practice quiz (issue 16).
  await expect(card).toContainText('2 prácticas · 2 evaluaciones · 1 nivelación');
  await attachScreenshot(page, test.info(), 'home-desktop-es');

  await card.getByRole('link', { name: 'Fundamentos de programación' }).click();
  const rows = page.locator('.lesson-row');
  await expect(rows.filter({ hasText: '¿Qué es programar?' })).toContainText('Completada');
  await expect(rows.filter({ hasText: 'Condicionales' })).toContainText('En curso: 40 %');
  await expect(rows.filter({ hasText: 'Condicionales' })).toContainText('Siguiente');
  await expect(page.getByRole('link', { name: 'Condicionales', exact: true })).toHaveAttribute('aria-current', 'step');
  await expect(rows.first()).toContainText('min de lectura');
  await attachScreenshot(page, test.info(), 'course-desktop-es');

  await page.getByRole('link', { name: 'Continuar: Condicionales' }).click();
  const outline = page.locator('details.course-outline');
  await expect(outline).toHaveJSProperty('open', true);
  await expect(outline.locator('[aria-current="page"]')).toContainText('Condicionales');
  await attachScreenshot(page, test.info(), 'lesson-desktop-es');

  // The same pages in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Mark as completed' })).toBeVisible();
  await attachScreenshot(page, test.info(), 'lesson-desktop-en');
  await page.goto('/home');
  await expect(page.getByRole('region', { name: 'Pick up where you left off' })).toContainText('66% complete');
  await expect(page.getByRole('region', { name: 'To do' }).locator('time').first()).toHaveText('Due in 3 days');
  await attachScreenshot(page, test.info(), 'home-desktop-en');
  await page.getByRole('region', { name: 'My courses' }).getByRole('link', { name: 'Fundamentos de programación' }).click();
  await expect(page.locator('.lesson-row').filter({ hasText: 'Condicionales' })).toContainText('In progress: 40%');
  await attachScreenshot(page, test.info(), 'course-desktop-en');
  await page.getByRole('button', { name: 'Español' }).click();
});

test('on a 390 px phone: one header row, a drawer menu that keeps focus, a user menu, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, VALENTINA);

  const menuButton = page.getByRole('button', { name: 'Abrir el menú' });
  const header = page.locator('header.topbar');
  expect((await header.boundingBox())!.height).toBeLessThan(70);
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav).toBeHidden();
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, test.info(), 'home-phone-es');

  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const drawer = page.getByRole('dialog', { name: 'Menú principal' });
  await expect(drawer.getByRole('link', { name: 'Clases sugeridas' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Inicio' })).toBeFocused();
  // Tab stays inside the drawer: from its last link to its first control.
  await drawer.getByRole('link', { name: 'Evaluaciones' }).focus();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('button', { name: 'Cerrar el menú' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton).toBeFocused();

  // The user menu holds the name, the role, the language and sign-out.
  await page.getByRole('button', { name: 'Cuenta de Valentina Ospina' }).click();
  await expect(page.getByText('Estudiante', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await page.keyboard.press('Escape');

  for (const [path, name] of [
    ['/suggested-classes', 'suggested'],
    ['/legal/terms', 'terms'],
  ] as const) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
    if (name === 'suggested') await expect(page.getByRole('heading', { level: 2, name: 'Para retomar' })).toBeVisible();
  }
  await page.goto('/home');
  await page.getByRole('region', { name: 'Mis cursos' }).getByRole('link', { name: 'Fundamentos de programación' }).click();
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, test.info(), 'course-phone-es');
  await page.getByRole('link', { name: 'Continuar: Condicionales' }).click();
  // The course outline starts folded on a phone.
  await expect(page.locator('details.course-outline')).toHaveJSProperty('open', false);
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, test.info(), 'lesson-phone-es');

  await page.getByRole('button', { name: 'Cuenta de Valentina Ospina' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Mark as completed' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, test.info(), 'lesson-phone-en');
  await page.goto('/home');
  await attachScreenshot(page, test.info(), 'home-phone-en');
  await page.getByRole('region', { name: 'My courses' }).getByRole('link', { name: 'Fundamentos de programación' }).click();
  await attachScreenshot(page, test.info(), 'course-phone-en');
  await page.getByRole('button', { name: "Valentina Ospina's account" }).click();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Contenido del curso' })).toBeVisible();
});

test.describe('offline', () => {
  test.use({ baseURL: REFRESH_SERVER.url });

  test('a lesson completed offline is kept on the device and saved when the network is back', async ({ page, context }) => {
    await signIn(page, VALENTINA);
    await page.getByRole('region', { name: 'Continúa donde quedaste' }).getByRole('link', { name: 'Continuar la lección' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Condicionales' })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Marcar como completada' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toContainText('la enviaremos en cuanto vuelva la conexión');
    // Moving on while offline says so instead of the browser's error page.
    await page.getByRole('link', { name: 'Anterior: Variables y tipos de datos' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'no podemos abrir otra lección' })).toBeVisible();
    await expect(page).toHaveURL(/\/lessons\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Condicionales' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Completaste esta lección' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marcar como completada' })).toBeHidden();
    await page.getByRole('navigation', { name: 'Volver al curso' }).getByRole('link').click();
    await expect(page.getByText('100 % completado (3 de 3 lecciones)')).toBeVisible();
  });
});
