/**
 * Issue 16's "done means", in Chromium: Sofía, whose quiz attempt in
 * 'Fundamentos de programación' failed, sees on /home which lessons to review,
 * opens one from the card, and, with the fake OpenAI-compatible model the main
 * server is configured with (tests/support/fakes/fake-openai.ts), opens the
 * chat panel (its code downloaded on that click only), accepts the AI policy,
 * asks a follow-up and gets an answer that cites a lesson, with the lesson
 * among its sources. The card and the panel fit a 390 px phone. On a server
 * of its own (JARVIS_SERVER, with the fake model): Sofía's terms and lesson
 * history on the main and refresh servers belong to other specs.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, getItem, getJson, KEYS, submitSignIn } from './support/app';
import { useOwnServer } from './support/own-server';
import { JARVIS_SERVER, DEMO } from './support/servers';

const REVIEW_LESSONS = ['Variables y tipos de datos', 'Condicionales'];
const QUESTION = '¿Qué debo repasar de condicionales?';

useOwnServer(JARVIS_SERVER);

/** Sofía signs in and, the first time, accepts the terms (the shell shows them once it has read the session). */
async function signInAsSofia(page: Page): Promise<void> {
  await page.goto('/signin');
  await submitSignIn(page, DEMO.student);
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => getItem(page, KEYS.accessData)).not.toBeNull();
  if (await page.getByRole('dialog', { name: 'Términos y condiciones' }).isVisible()) await acceptTerms(page);
}

/** Nothing on the page is wider than the screen. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a student with a failed quiz sees what to review on /home, opens a lesson, and asks the assistant a follow-up', async ({ page }) => {
  // The chat panel's code: fetched on the click that opens it, never with the page.
  const panelCode: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/(ChatPanel|open-chat-panel)[^/]*\.js$/.test(new URL(request.url()).pathname)) panelCode.push(request.url());
  });

  await signInAsSofia(page);
  const card = page.getByRole('region', { name: 'Tu asistente de estudio' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Preparado a partir de tus datos en Senda, sin inteligencia artificial.')).toBeVisible();
  const review = card.getByRole('list', { name: 'Lecciones para repasar' });
  for (const title of REVIEW_LESSONS) await expect(review.getByRole('link', { name: title })).toBeVisible();
  // Why: the quiz and the question answered wrong.
  await expect(review.getByRole('listitem').filter({ hasText: REVIEW_LESSONS[0] })).toContainText(/Fallaste «.+» en /);

  // A lesson to review opens from the card.
  await review.getByRole('link', { name: REVIEW_LESSONS[0] }).click();
  await expect(page).toHaveURL(/\/lessons\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: REVIEW_LESSONS[0] })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  // The panel: nothing of it loaded until asked for.
  await page.waitForLoadState('networkidle');
  expect(panelCode).toEqual([]);
  const ask = card.getByRole('button', { name: 'Preguntar al asistente' });
  await ask.click();
  const panel = page.getByRole('dialog', { name: 'Asistente de estudio' });
  await expect(panel).toBeVisible();
  expect(panelCode.length).toBeGreaterThan(0);

  // A model is configured: the AI policy comes first, and is accepted once.
  await expect(panel.getByRole('heading', { name: 'Política de uso del asistente con inteligencia artificial' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Acepto' })).toBeFocused();
  await panel.getByRole('button', { name: 'Acepto' }).click();

  const box = panel.getByRole('textbox', { name: 'Tu pregunta' });
  await expect(box).toBeFocused();
  await box.fill(QUESTION);
  await box.press('Enter');

  const conversation = panel.getByRole('log', { name: 'Conversación con el asistente' });
  await expect(conversation.getByText(QUESTION)).toBeVisible();
  const answer = conversation.getByText(/^Te sugiero repasar «.+»/);
  await expect(answer).toBeVisible();
  const cited = /«(.+?)»/.exec((await answer.textContent()) ?? '')![1]!;
  expect(REVIEW_LESSONS).toContain(cited);
  const source = conversation.getByRole('link', { name: cited });
  await expect(source).toHaveAttribute('href', /^\/lessons\/\d+$/);
  await expect(conversation.getByText('Respuesta de un modelo de IA, con tus datos.')).toBeVisible();
  // The browser keeps the last answer under the contract's key.
  await expect.poll(async () => (await getJson<{ question: string; answer: string }>(page, KEYS.aiFeedback))?.question).toBe(QUESTION);

  // The open panel passes axe, and Escape closes it, giving the focus back to the card's button.
  const { violations } = await new AxeBuilder({ page }).include('.jarvis-panel').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(ask).toBeFocused();

  // Opened again, the policy is not asked for again and the last answer is there.
  await ask.click();
  await expect(panel.getByText('Tu última respuesta')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Tu pregunta' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('the card and the chat panel fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsSofia(page);
  const card = page.getByRole('region', { name: 'Tu asistente de estudio' });
  await expect(card.getByRole('link', { name: REVIEW_LESSONS[1] })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: 'Preguntar al asistente' }).click();
  const panel = page.getByRole('dialog', { name: 'Asistente de estudio' });
  await expect(panel.getByRole('textbox', { name: 'Tu pregunta' }).or(panel.getByRole('button', { name: 'Acepto' }))).toBeVisible();
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x).toBeGreaterThanOrEqual(0);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
  expect(await fitsTheScreen(page)).toBe(true);
  await panel.getByRole('button', { name: 'Cerrar el asistente' }).click();
  await expect(panel).toBeHidden();
});

test("an admin turns the assistant off in a learning path, sees who accepted the AI policy, reads Sofía's exchange with the model and purges it", async ({ page }) => {
  await page.goto('/signin');
  await submitSignIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Administración' }).click();
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Asistente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asistente de estudio' })).toBeVisible();
  await expect(page.getByText('Modelo configurado: senda-fake-model.')).toBeVisible();

  // The switch: off, then on again (Sofía's path).
  const paths = page.getByRole('region', { name: 'Rutas de aprendizaje' });
  const turnOff = paths.getByRole('button', { name: /^Apagar el asistente en / }).first();
  const pathName = ((await turnOff.getAttribute('aria-label')) ?? '').replace('Apagar el asistente en ', '');
  await turnOff.click();
  await expect(page.getByRole('status').filter({ hasText: `el asistente de ${pathName} quedó apagado` })).toBeVisible();
  await paths.getByRole('button', { name: `Encender el asistente en ${pathName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `el asistente de ${pathName} quedó encendido` })).toBeVisible();

  // Sofía accepted the policy and asked the model (the first test).
  const acceptances = page.getByRole('region', { name: 'Aceptaciones de la política de IA' });
  await expect(acceptances.getByRole('link', { name: 'Sofía Martínez' })).toBeVisible();
  const log = page.getByRole('region', { name: 'Registro de conversaciones con el modelo' });
  await log.getByLabel('Correo de la persona').fill(DEMO.student);
  await log.getByRole('button', { name: 'Filtrar' }).click();
  const exchange = log.getByRole('listitem').filter({ hasText: 'Chat' }).first();
  await exchange.getByText('Leer el intercambio').click();
  await expect(exchange.getByText(QUESTION).first()).toBeVisible();
  await expect(exchange.getByText(/Te sugiero repasar «.+»/)).toBeVisible();

  // Purging asks first; cancelling deletes nothing.
  await log.getByRole('link', { name: 'Borrar todo el registro de Sofía Martínez' }).click();
  const confirm = page.getByRole('region', { name: '¿Borrar todo el registro de Sofía Martínez? No se puede deshacer.' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('link', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(log.getByRole('listitem').first()).toBeVisible();
  await log.getByRole('link', { name: 'Borrar todo el registro de Sofía Martínez' }).click();
  await confirm.getByRole('button', { name: 'Sí, borrar definitivamente' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Se borr(ó|aron) \d+ intercambios? del registro/ })).toBeVisible();
  await expect(log.getByText('No hay conversaciones de esta persona.')).toBeVisible();

  // Everything before a day: the whole log, after the same confirmation.
  await log.getByRole('link', { name: 'Quitar el filtro' }).click();
  await log.getByLabel('Borrar todo lo anterior al').fill('2099-01-01');
  await log.getByRole('button', { name: 'Borrar lo anterior a esta fecha' }).click();
  const confirmBefore = page.getByRole('region', { name: /^¿Borrar todo el registro anterior al .+\? No se puede deshacer\.$/ });
  await confirmBefore.getByRole('button', { name: 'Sí, borrar definitivamente' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Se borr(ó|aron) \d+ intercambios? del registro/ })).toBeVisible();
  await expect(log.getByText('No hay conversaciones registradas.')).toBeVisible();
});
