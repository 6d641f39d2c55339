/** (d) Signing in: works without JavaScript, and a wrong password says so (with and without JavaScript). */
import { expect, test } from '@playwright/test';
import { submitSignIn } from './support/app';
import { DEMO } from './support/servers';

const WRONG = 'Correo o contraseña incorrectos.';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form signs in and a wrong password shows the message', async ({ page }) => {
    await page.goto('/signin');
    await submitSignIn(page, DEMO.tutor, 'not-the-password');
    await expect(page).toHaveURL(/\/signin\?.*error=CredentialsSignin/);
    await expect(page.getByRole('alert')).toHaveText(WRONG);

    await submitSignIn(page, DEMO.tutor);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Hola, Tomás Rincón! Te damos la bienvenida a Senda');
    await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();

    // The language switch is a plain form too.
    await page.getByRole('form', { name: 'Cambiar idioma' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
  });
});

test('with JavaScript a wrong password is reported in place', async ({ page }) => {
  await page.goto('/signin');
  await submitSignIn(page, DEMO.tutor, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(WRONG);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByLabel('Contraseña')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
});
