/** (b) Switching the interface language re-renders the page, updates currentSettings and keeps keyboard focus on the switch. */
import { expect, test } from '@playwright/test';
import { getJson, KEYS, signIn } from './support/app';
import { DEMO } from './support/servers';

test('switching to English and back re-renders the page and keeps currentSettings in step', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect.poll(() => getJson(page, KEYS.currentSettings)).toEqual({ lang: 'es' });

  const switcher = page.getByRole('form', { name: 'Cambiar idioma' });
  await expect(switcher.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
  await switcher.getByRole('button', { name: 'English' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
  await expect(page.getByText('There are no courses to show')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Live Streaming' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Change language' }).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  // Keyboard focus comes back to the switch, not to the top of the page.
  await expect(page.getByRole('form', { name: 'Change language' }).getByRole('button', { name: 'English' })).toBeFocused();
  await expect.poll(() => getJson(page, KEYS.currentSettings)).toEqual({ lang: 'en' });
  // The session survived the switch.
  await expect.poll(() => getJson(page, KEYS.accessData)).not.toBeNull();

  // The choice sticks across page loads (and a plain reload keeps focus where browsers start it).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change language' }).getByRole('button', { name: 'English' })).not.toBeFocused();

  await page.getByRole('form', { name: 'Change language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect.poll(() => getJson(page, KEYS.currentSettings)).toEqual({ lang: 'es' });
});
