/** (c) Logging out clears the session and its storage; /home then needs a new sign-in. */
import { expect, test } from '@playwright/test';
import { getItem, KEYS, signIn } from './support/app';
import { DEMO } from './support/servers';

test('logging out lands on /signin with storage cleared, and /home then asks to sign in', async ({ page, context }) => {
  await signIn(page, DEMO.admin);
  await expect.poll(() => getItem(page, KEYS.logged)).toBe('true');

  // The refresh token is revoked through the API before the session cookie goes.
  const revoked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v2/auth/logout/');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  expect((await revoked).ok()).toBe(true);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Te damos la bienvenida a Senda' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  for (const key of [KEYS.accessData, KEYS.userInfo, KEYS.logged, KEYS.aiFeedback, KEYS.removeSession]) {
    expect(await getItem(page, key), key).toBeNull();
  }
  // The HttpOnly session cookie is gone too.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('authjs.session-token');

  await page.goto('/home');
  await expect(page).toHaveURL(/\/signin\?error=SessionRequired&callbackUrl=%2Fhome$/);
  await expect(page.getByRole('alert')).toHaveText('Inicia sesión para continuar.');

  // Signing in again goes back to where the user was headed.
  await page.getByLabel('Correo electrónico').fill(DEMO.admin);
  await page.getByLabel('Contraseña').fill('Senda-demo-1');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
