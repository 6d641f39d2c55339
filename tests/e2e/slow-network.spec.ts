/**
 * On a slow phone connection the server-rendered page is there long before
 * its JavaScript: what a person types meanwhile is kept, and saved.
 */
import { expect, test } from '@playwright/test';
import { islandsReady, signIn } from './support/app';

test('what a person types before the page has woken up is kept and saved', async ({ page }) => {
  await signIn(page, 'valentina@senda.test');
  // The islands' scripts arrive three seconds late, as on a slow connection.
  await page.route('**/_astro/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Datos personales' });
  await form.getByLabel('Barrio').fill('La Candelaria');
  await form.getByLabel('Tipo de vivienda').selectOption({ label: 'Familiar' });
  await islandsReady(page);

  // Editing another field re-renders the form: the early typing stays.
  await form.getByLabel('Parentesco').fill('Hermana');
  await expect(form.getByLabel('Barrio')).toHaveValue('La Candelaria');
  await expect(form.getByLabel('Tipo de vivienda')).toHaveValue(await form.getByRole('option', { name: 'Familiar' }).getAttribute('value') ?? '');
  await form.getByRole('button', { name: 'Guardar mis datos' }).click();
  await expect(form.getByText('Tu perfil está completo.')).toBeVisible();

  // Waits for the handlers still delaying a script, so none of them answers a request after the route is gone.
  await page.unrouteAll({ behavior: 'wait' });
  await page.reload();
  await expect(page.getByRole('form', { name: 'Datos personales' }).getByLabel('Barrio')).toHaveValue('La Candelaria');
});

test('a click or a form sent before the page has woken up is done once it has (issue 35)', async ({ page }) => {
  await signIn(page, 'valentina@senda.test');
  await page.route('**/_astro/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto('/account');
  // "Descargar mis datos" is a client:visible island: the click lands on the server's button, long before its script.
  const exportButton = page.getByRole('button', { name: 'Descargar mis datos (JSON)' });
  const downloading = page.waitForEvent('download');
  await exportButton.click();
  await expect(page.locator('astro-island[aria-busy="true"]').filter({ has: exportButton })).toBeAttached();
  expect((await downloading).suggestedFilename()).toMatch(/\.json$/);

  // Typed and sent with the button before the form's island hydrates: sent through the island, not as a GET of the page.
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Datos personales' });
  await form.getByLabel('Barrio').fill('Chapinero');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v2/profiles/me/') && response.request().method() !== 'GET');
  await form.getByRole('button', { name: 'Guardar mis datos' }).click();
  // Sent once the island is awake, with what was typed before.
  const request = (await saved).request();
  expect(request.postDataJSON()).toMatchObject({ neighborhood: 'Chapinero' });
  expect(new URL(page.url()).search).toBe('');

  await page.unrouteAll({ behavior: 'wait' });
  await page.reload();
  await expect(page.getByRole('form', { name: 'Datos personales' }).getByLabel('Barrio')).toHaveValue('Chapinero');
});
