/**
 * (g) A failed token refresh, on the server whose access tokens live 301 s
 * (so every session read refreshes them): once the operator revokes the
 * user's sessions, accessData, userInfo, aiFeedback and logged go and the user
 * is sent to /signin with the "session expired" message.
 */
import { expect, test, type Page } from '@playwright/test';
import { getItem, getJson, KEYS, signIn } from './support/app';
import { DEMO, REFRESH_SERVER, runCli } from './support/servers';

test.use({ baseURL: REFRESH_SERVER.url });

const EXPIRED = 'Tu sesión expiró. Inicia sesión de nuevo.';
const accessToken = async (page: Page) => (await getJson<{ accessToken: string }>(page, KEYS.accessData))?.accessToken ?? null;

async function seedExtraStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.localStorage.setItem('aiFeedback', JSON.stringify({ unseen: 2 }));
    window.localStorage.setItem('e2e-unrelated', 'kept');
  });
}

async function expectRefreshKeysRemoved(page: Page): Promise<void> {
  for (const key of [KEYS.accessData, KEYS.userInfo, KEYS.aiFeedback, KEYS.logged]) {
    await expect.poll(() => getItem(page, key), key).toBeNull();
  }
  // Only those keys go: the rest of localStorage stays.
  expect(await getItem(page, 'e2e-unrelated')).toBe('kept');
  expect(await getJson(page, KEYS.currentSettings)).toEqual({ lang: 'es' });
}

test('revoked sessions are noticed by the session poll: refresh keys removed, /signin says the session expired', async ({ page, context }) => {
  await signIn(page, DEMO.student);
  await seedExtraStorage(page);

  // Every session read refreshes the token: the poll rotates what is stored.
  const first = await accessToken(page);
  await expect.poll(() => accessToken(page), { timeout: 10_000 }).not.toBe(first);

  const reported = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/auth/_log' && request.postDataJSON()?.code === 'RefreshAccessTokenError',
  );
  expect(await runCli(REFRESH_SERVER, ['revoke-sessions', '--email', DEMO.student])).toContain(DEMO.student);

  // The next poll's refresh fails; the app clears the keys, logs it and goes to /signin.
  await expect(page).toHaveURL(/\/signin\?error=RefreshAccessTokenError$/, { timeout: 10_000 });
  await reported;
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  await expectRefreshKeysRemoved(page);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('authjs.session-token');

  // /home needs a new sign-in, and signing in again works.
  await signIn(page, DEMO.student);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Hola, Sofía Martínez! Te damos la bienvenida a Senda');
});

test('a page loaded after the sessions were revoked goes straight to /signin with the expired message', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await seedExtraStorage(page);
  // Keep the page's own poll out of it: this is the server's check on page load.
  await page.route('**/api/auth/session', (route) => route.abort());
  await runCli(REFRESH_SERVER, ['revoke-sessions', '--email', DEMO.admin]);

  await page.reload();
  await expect(page).toHaveURL(/\/signin\?error=RefreshAccessTokenError&callbackUrl=%2Fhome$/);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  await expectRefreshKeysRemoved(page);
});
