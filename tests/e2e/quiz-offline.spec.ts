/**
 * Issue 34, a downloaded quiz answered without a connection (ADR 038), on a
 * 390 px phone: the demo student opens the untimed practice of
 * "Fundamentos de programación" online, its student read is in the level
 * download's cache, the connection drops, she starts it, answers and submits
 * it offline; back online it arrives once, and the tutor sees one attempt
 * with those answers. Then a quiz closed while she answered offline: the
 * server's message is shown with her answers, and nothing is sent. Service
 * workers are blocked here (as in most specs), so the page is loaded online
 * and the start meets the network's failure in the open page.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { getJson, islandsReady, KEYS, signIn } from './support/app';
import { axeViolations, describeViolations, SWEEP_RULES } from './support/axe';
import { api } from './support/page-api';
import { useOwnServer } from './support/own-server';
import { DEMO, QUIZ_OFFLINE_SERVER } from './support/servers';

useOwnServer(QUIZ_OFFLINE_SERVER);
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PRACTICE = 'Práctica: variables y condicionales';

/** Opens the practice's page online and keeps its student read as the level download does (Cache Storage, its exact URL). */
async function openDownloadedPractice(page: Page): Promise<number> {
  // A first sign-in's terms acceptance may still be taking the app back to /home.
  await expect(async () => {
    await page.goto('/quizzes');
    await expect(page.getByRole('link', { name: PRACTICE }).first()).toBeVisible({ timeout: 3000 });
  }).toPass();
  await page.getByRole('link', { name: PRACTICE }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE })).toBeVisible();
  await islandsReady(page);
  const quizId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await page.evaluate(async (url) => {
    const { accessToken } = JSON.parse(window.localStorage.getItem('accessData')!) as { accessToken: string };
    const response = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await (await caches.open('senda-downloads-v1')).put(url, response);
  }, `/api/v2/quizzes/${quizId}/`);
  return quizId;
}

async function signedInContext(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** A student's attempts at a quiz, as the tutor's API lists them. */
async function attemptsOf(tutor: Page, quizId: number, studentId: number) {
  const page = await api<{ results: { id: number; status: string; student: { id: number } }[] }>(tutor, 'GET', `/api/v2/quizzes/${quizId}/attempts/`);
  return page.results.filter((attempt) => attempt.student.id === studentId);
}

/** What axe finds on the page as it stands (the accessibility sweep's rules), and whether anything is wider than the phone. */
async function expectAccessible(page: Page, where: string) {
  expect(describeViolations(await axeViolations(page, SWEEP_RULES)), `axe on ${where}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${where}`).toBeLessThanOrEqual(390);
}

const question = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(name) });

test('an untimed downloaded quiz is answered and submitted offline; back online it arrives once, and the tutor sees one attempt with those answers', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInContext(browser, DEMO.student);
  const quizId = await openDownloadedPractice(page);
  const studentId = (await getJson<{ idUser: number }>(page, KEYS.userInfo))!.idUser;
  const before = await (async () => {
    const tutor = await signedInContext(browser, DEMO.tutor);
    const ids = (await attemptsOf(tutor.page, quizId, studentId)).map((attempt) => attempt.id);
    await tutor.context.close();
    return ids;
  })();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Empezar el cuestionario' }).click();
  await expect(page.getByText(/Sin conexión: respondes con la copia descargada/)).toBeVisible();
  await question(page, 'valor `?true`?').getByRole('radio', { name: 'Booleano' }).check();
  await question(page, 'bloque `?else`?').getByRole('radio', { name: 'Cuando la condición del if es falsa' }).check();
  await question(page, 'let x = 3').getByRole('textbox', { name: 'Tu respuesta (un número)' }).fill('5');
  await expect(page.getByText('3 respuestas esperan para enviarse.')).toBeVisible();
  await expect(question(page, 'let x = 3').getByText(/Guardada en este dispositivo/)).toBeVisible();
  // Keyboard only: the last answer and the submit.
  await question(page, 'console').getByRole('radio', { name: 'Verdadero' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('4 respuestas esperan para enviarse.')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await page.getByRole('button', { name: 'Sí, enviar' }).click();
  await expect(page.getByText(/Tu envío está en espera/)).toBeVisible();
  await expectAccessible(page, 'the offline attempt, its submit waiting');

  await context.setOffline(false);
  await expect(page.getByText('Enviado: el servidor ya tiene tus respuestas y tu envío.')).toBeVisible();
  await page.getByRole('link', { name: 'Ver el resultado' }).click();
  await expect(page).toHaveURL(new RegExp(`/quizzes/${quizId}/attempts/\\d+$`));
  await expect(page.getByText('4 de 4 puntos')).toBeVisible();
  // A reload sends nothing again: the attempt is no longer on the device.
  expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('quizOfflineAttempt:')))).toEqual([]);

  const tutor = await signedInContext(browser, DEMO.tutor);
  const after = await attemptsOf(tutor.page, quizId, studentId);
  // Sofía's earlier attempt (the demo's) and exactly one new one, submitted.
  expect(after.map((attempt) => attempt.id).filter((id) => !before.includes(id))).toHaveLength(1);
  const fresh = after.find((attempt) => !before.includes(attempt.id))!;
  expect(fresh.status).toBe('completed');
  const detail = await api<{ review: { given: { optionIds?: number[]; number?: number } | null; earned: number | null }[] }>(
    tutor.page,
    'GET',
    `/api/v2/quizzes/${quizId}/attempts/${fresh.id}/`,
  );
  expect(detail.review.map((item) => item.earned)).toEqual([1, 1, 1, 1]);
  expect(detail.review.find((item) => item.given?.number !== undefined)!.given!.number).toBe(5);
  await tutor.context.close();
  await context.close();
});

test('two tabs holding the same offline attempt send it once when the connection returns', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInContext(browser, 'valentina@senda.test');
  const quizId = await openDownloadedPractice(page);
  const other = await context.newPage();
  await other.goto(`/quizzes/${quizId}`);
  await islandsReady(other);
  const writes: string[] = [];
  // The writes that reached the server (offline, the start fails before leaving the browser).
  context.on('requestfinished', (request) => {
    if (request.method() === 'POST' && /\/api\/v2\/quizzes\/\d+\/answers\//.test(request.url())) writes.push(new URL(request.url()).pathname.replace(`/api/v2/quizzes/${quizId}/answers/`, '') || 'answer');
  });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Empezar el cuestionario' }).click();
  await question(page, 'valor `?true`?').getByRole('radio', { name: 'Booleano' }).check();
  await question(page, 'let x = 3').getByRole('textbox', { name: 'Tu respuesta (un número)' }).fill('5');
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await page.getByRole('button', { name: 'Sí, enviar' }).click();
  // The second tab opens the same attempt, as this device holds it.
  await other.getByRole('button', { name: 'Empezar el cuestionario' }).click();
  await expect(other.getByText(/Tu envío está en espera/)).toBeVisible();
  expect(writes).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('Enviado', { exact: false }).first()).toBeVisible();
  await expect(other.getByText('Enviado', { exact: false }).first()).toBeVisible();
  // Give a late second replay the time to show itself.
  await page.waitForTimeout(1000);
  expect(writes).toEqual(['start/', 'answer', 'answer', 'completed/']);
  const tutor = await signedInContext(browser, DEMO.tutor);
  const studentId = (await getJson<{ idUser: number }>(page, KEYS.userInfo))!.idUser;
  expect((await attemptsOf(tutor.page, quizId, studentId)).map((attempt) => attempt.status)).toEqual(['completed']);
  await tutor.context.close();
  await context.close();
});

test('a quiz closed while it was answered offline: the server’s message is shown with the answers given, and nothing is sent', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInContext(browser, DEMO.student);
  const quizId = await openDownloadedPractice(page);
  const tutor = await signedInContext(browser, DEMO.tutor);
  const before = await api<{ count: number }>(tutor.page, 'GET', `/api/v2/quizzes/${quizId}/attempts/`);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Empezar el cuestionario' }).click();
  await question(page, 'valor `?true`?').getByRole('radio', { name: 'Texto' }).check();
  await expect(page.getByText('1 respuesta espera para enviarse.')).toBeVisible();

  // Meanwhile the tutor closes the quiz.
  await api(tutor.page, 'PATCH', `/api/v2/quizzes/${quizId}/`, { closesAt: new Date(Date.now() - 60_000).toISOString() });

  await context.setOffline(false);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Tu intento sin conexión no se pudo enviar');
  await expect(alert).toContainText('Este cuestionario no está abierto: revisa sus fechas de apertura y cierre.');
  await expect(question(page, 'valor `?true`?').getByRole('radio', { name: 'Texto' })).toBeChecked();
  await expect(question(page, 'valor `?true`?').getByRole('radio', { name: 'Texto' })).toBeDisabled();
  await expectAccessible(page, 'the conflict');
  // A reload shows it again, and sends nothing.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Este cuestionario no está abierto');
  expect((await api<{ count: number }>(tutor.page, 'GET', `/api/v2/quizzes/${quizId}/attempts/`)).count).toBe(before.count);

  await page.getByRole('button', { name: 'Entendido, borrar de este dispositivo' }).click();
  expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('quizOfflineAttempt:')))).toEqual([]);
  await tutor.context.close();
  await context.close();
});
