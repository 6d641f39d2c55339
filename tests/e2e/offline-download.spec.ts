/**
 * "Descargar para estudiar sin conexión" (issue 34, ADR 035) on a 390 px
 * phone: a student downloads level 1 of "Fundamentos de programación" from
 * the course page; without a connection its lessons and the course page open
 * from the download (not from the pages she happened to open), and so do the
 * course's quizzes and assignments; any other page shows the offline page
 * listing the download; the download can be removed.
 * Downloads belong to the person: the same student signing in again after her
 * token expired keeps hers, a different person signing in on that browser
 * has none. Prints how long a downloaded lesson takes to open offline.
 */
import { expect, test, type Page } from '@playwright/test';
import { isControlled, submitSignIn, signIn } from './support/app';
import { violationsOn } from './support/page-api';
import { DEMO } from './support/servers';

const COURSE = 'Fundamentos de programación';
const LEVEL = 'Nivel 1: primeros pasos';
/** A demo student halfway through the course, terms accepted. */
const STUDENT = 'valentina@senda.test';
const NEXT_PERSON = { email: DEMO.tutor, name: 'Tomás Rincón' };
const DOWNLOADS_CACHE = 'senda-downloads-v1';
const PAGES_CACHE = 'senda-pages-v1';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
// Signing in three times, a download, a service worker's install and several pages offline: more than a minute on a busy machine.
test.setTimeout(180_000);

/** What this browser has downloaded: the record's levels, and whether the downloads cache exists. */
const downloadsOf = (page: Page) =>
  page.evaluate(async (cacheName) => {
    const records = JSON.parse(window.localStorage.getItem('offlineDownloads') ?? '[]') as { courseId: number; level: number | null; ownerId: number }[];
    return { levels: records.map((record) => record.level), cached: await caches.has(cacheName) };
  }, DOWNLOADS_CACHE);

/** Senda's offline page, in Spanish, standing where the page asked for should be. */
async function expectOfflinePage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
}

async function expectNoAxeViolations(page: Page, where: string) {
  expect(await violationsOn(page), `axe on ${where}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${where}`).toBeLessThanOrEqual(390);
}

/** The session ends the way an expired token ends it (no sign-out: the server session is gone, the sign-in page opens). */
async function expireSession(page: Page) {
  await page.context().clearCookies();
  await page.goto('/signin?error=RefreshAccessTokenError');
}

test('a student downloads a level, studies it offline, removes it; the same student keeps it across an expired token, another person never has it', async ({ page, context }) => {
  await signIn(page, STUDENT);
  await page.getByRole('region', { name: 'Mis cursos' }).getByRole('link', { name: COURSE }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const coursePath = new URL(page.url()).pathname;
  const level = page.getByRole('region', { name: LEVEL });
  const lessons = await level.getByRole('listitem').getByRole('link').evaluateAll((links) => links.map((link) => ({ path: link.getAttribute('href')!, title: link.textContent!.trim() })));
  expect(lessons.length).toBeGreaterThan(0);
  const lessonPaths = lessons.map((lesson) => lesson.path);
  // The course's quizzes and assignments come with every level (ADR 034).
  const activities = await page
    .getByRole('region', { name: 'Actividades del curso' })
    .locator('a[href^="/quizzes/"], a[href^="/assignments/"]')
    .evaluateAll((links) => links.map((link) => ({ path: link.getAttribute('href')!, title: link.textContent!.trim() })));
  expect(activities.some((activity) => activity.path.startsWith('/quizzes/'))).toBe(true);

  // The size shows before downloading (ADR 034: 10 items for the demo's level 1).
  const start = level.getByRole('button', { name: 'Descargar para estudiar sin conexión' });
  await expect(start).toBeEnabled();
  await expect(start).toHaveAccessibleDescription(/^Ocupa .+: 10 páginas y archivos\.$/);
  await expectNoAxeViolations(page, 'the course page, ready to download');
  const statesBefore = await level.locator('.lesson-row__mark').allTextContents();
  await start.click();
  await expect(level.getByText(/^Descargado el .+: disponible sin conexión\.$/)).toBeVisible();
  await expect(level.getByRole('button', { name: 'Quitar la descarga' })).toBeVisible();
  await expectNoAxeViolations(page, 'the course page, downloaded');
  expect(await downloadsOf(page)).toEqual({ levels: [1], cached: true });
  // The quiz read is kept under its exact package URL, where the quiz player looks for it.
  expect(await page.evaluate((cacheName) => caches.open(cacheName).then(async (cache) => (await cache.keys()).some((request) => /\/api\/v2\/quizzes\/\d+\/$/.test(request.url))), DOWNLOADS_CACHE)).toBe(true);

  // Downloading chose offline study on this phone: the worker installs and takes the page over.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => isControlled(page)).toBe(true);
  // Downloading is not reading: no lesson of the level became "in progress" (○ ◐ ✓ as before).
  expect(await level.locator('.lesson-row__mark').allTextContents()).toEqual(statesBefore);
  // What opens offline below comes from the download, not from the pages she opened.
  await page.evaluate((cacheName) => caches.delete(cacheName), PAGES_CACHE);

  await context.setOffline(true);
  for (const opened of [...lessons, ...activities]) {
    await page.goto(opened.path);
    await expect(page.getByRole('heading', { level: 1, name: opened.title })).toBeVisible();
  }
  // How long a downloaded lesson takes to open offline (navigation start to the load event): printed, not asserted.
  await page.goto(lessonPaths[0]!);
  const openMs = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry ? entry.loadEventEnd - entry.startTime : NaN;
  });
  console.log(`downloaded lesson ${lessonPaths[0]} opened offline in ${openMs.toFixed(0)} ms (navigation start → load event)`);

  await page.goto(coursePath);
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  // Offline, the island says it is downloaded, from its record.
  await expect(page.getByRole('region', { name: LEVEL }).getByText(/^Descargado el/)).toBeVisible();

  // A page not downloaded: the offline page, listing what was downloaded.
  await page.goto('/forums');
  await expectOfflinePage(page);
  const downloads = page.getByRole('region', { name: 'Descargado para estudiar sin conexión' });
  await expect(downloads.getByRole('heading', { level: 3, name: `${COURSE}: ${LEVEL}` })).toBeVisible();
  await expect(downloads.getByRole('link', { name: COURSE })).toHaveAttribute('href', coursePath);
  for (const lesson of lessonPaths) await expect(downloads.locator(`a[href="${lesson}"]`)).toHaveCount(1);
  await expectNoAxeViolations(page, 'the offline page with a download');
  await context.setOffline(false);

  // Removed, after a confirmation: offline, its lessons no longer open.
  await page.goto(coursePath);
  await level.getByRole('button', { name: 'Quitar la descarga' }).click();
  await level.getByRole('button', { name: 'Sí, quitar' }).click();
  await expect(level.getByText('Descarga quitada de este dispositivo.')).toBeVisible();
  expect(await downloadsOf(page)).toEqual({ levels: [], cached: true });
  await page.evaluate((cacheName) => caches.delete(cacheName), PAGES_CACHE);
  await context.setOffline(true);
  await page.goto(lessonPaths[0]!);
  await expectOfflinePage(page);
  await context.setOffline(false);

  // Downloaded again; her token expires and she signs in again: the download is still hers.
  await page.goto(coursePath);
  await level.getByRole('button', { name: 'Descargar para estudiar sin conexión' }).click();
  await expect(level.getByText(/^Descargado el/)).toBeVisible();
  await expireSession(page);
  await submitSignIn(page, STUDENT);
  await expect(page).toHaveURL(/\/home$/);
  expect(await downloadsOf(page)).toEqual({ levels: [1], cached: true });

  // Her session ends the same way, and someone else signs in on this phone: none of her downloads is left.
  await expireSession(page);
  await submitSignIn(page, NEXT_PERSON.email);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: `¡Hola, ${NEXT_PERSON.name}! Te damos la bienvenida a Senda` })).toBeVisible();
  expect(await downloadsOf(page)).toEqual({ levels: [], cached: false });
  await context.setOffline(true);
  await page.goto(lessonPaths[0]!);
  await expectOfflinePage(page);
  await expect(page.getByRole('region', { name: 'Descargado para estudiar sin conexión' })).toBeHidden();
  await context.setOffline(false);
});
