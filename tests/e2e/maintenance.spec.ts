/**
 * (f) Maintenance mode, switched on by the operator CLI while a user is
 * signed in: a warning, local storage, session storage and JS-visible cookies
 * cleared, then /signin with the operator's message.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { getItem, KEYS, signIn, submitSignIn } from './support/app';
import { DEMO, MAIN_SERVER, runCli } from './support/servers';

const MESSAGE = 'Volvemos pronto';

/** The server's status endpoint, which the app polls. */
const serverStatus = async (request: APIRequestContext) =>
  ((await (await request.get(`${MAIN_SERVER.url}/api/v2/status/`)).json()) as { status: string }).status;

/**
 * Switches maintenance off with the CLI and waits until the server answers
 * 'ok' (the server caches the setting for up to 2 s).
 */
async function maintenanceOff(request: APIRequestContext): Promise<void> {
  await runCli(MAIN_SERVER, ['maintenance', 'off']);
  await expect.poll(() => serverStatus(request)).toBe('ok');
}

test.beforeEach(async ({ request }) => {
  await maintenanceOff(request);
});
test.afterEach(async ({ request }) => {
  await maintenanceOff(request);
});

const sessionStorageLength = (page: Page) => page.evaluate(() => window.sessionStorage.length);
const documentCookie = (page: Page) => page.evaluate(() => document.cookie);

test('turning maintenance on warns the signed-in user, clears the browser and shows the message on /signin', async ({ page, context, request }) => {
  // Three runs of the operator CLI (each a process of its own) besides the page: over a minute on a loaded CI machine.
  test.setTimeout(150_000);
  await signIn(page, DEMO.admin);
  await page.evaluate(() => {
    window.sessionStorage.setItem('e2e-probe', '1');
    document.cookie = 'e2e-probe=1; path=/';
  });
  expect(await documentCookie(page)).toContain('e2e-probe=1');

  // Hold the server sign-out for a moment: the warning is shown while it runs, then the page leaves.
  await page.route('**/api/auth/signout', async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });

  expect(await runCli(MAIN_SERVER, ['maintenance', 'on', '--message', MESSAGE])).toContain(MESSAGE);

  // The 2 s status poll notices it: a warning toast with the operator's message...
  const warning = page.getByRole('alert').filter({ hasText: MESSAGE });
  await expect(warning).toBeVisible({ timeout: 8_000 });
  await expect(warning).toHaveText(`Senda entra en mantenimiento: ${MESSAGE}. Cerraremos tu sesión.`);
  // ...and local storage, session storage and the cookies JavaScript can see are already cleared.
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  expect(await sessionStorageLength(page)).toBe(0);
  expect(await documentCookie(page)).not.toContain('e2e-probe');

  // Then /signin, which shows the maintenance message.
  await expect(page).toHaveURL(/\/signin$/, { timeout: 8_000 });
  await expect(page.getByRole('status')).toHaveText(MESSAGE);
  for (const key of [KEYS.accessData, KEYS.userInfo, KEYS.logged]) expect(await getItem(page, key), key).toBeNull();
  expect(await sessionStorageLength(page)).toBe(0);
  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  expect(cookies).not.toContain('e2e-probe');
  expect(cookies).not.toContain('authjs.session-token');

  // No new session starts during maintenance.
  await submitSignIn(page, DEMO.admin);
  await expect(page.getByRole('alert')).toHaveText('Senda está en mantenimiento. Vuelve a intentarlo más tarde.');

  // Once it is over, signing in works again and the notice is gone.
  await maintenanceOff(request);
  await page.goto('/signin');
  await expect(page.getByRole('status')).toHaveCount(0);
  await submitSignIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/home$/);
});

test('a page loaded during maintenance signs the user out at once', async ({ page, request }) => {
  await signIn(page, DEMO.admin);
  await runCli(MAIN_SERVER, ['maintenance', 'on']);
  await expect.poll(() => serverStatus(request)).toBe('maintenance');
  await page.reload();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('status')).toHaveText('Mantenimiento en curso');
  expect(await getItem(page, KEYS.accessData)).toBeNull();
});
