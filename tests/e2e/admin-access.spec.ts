/**
 * Who reaches the admin screens: students never (no menu entry, 404 at the
 * address); tutors only for the cohorts they tutor; admins for everything.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { DEMO, REFRESH_SERVER } from './support/servers';

test('a student sees no admin entry and the admin address does not exist for them', async ({ page }) => {
  // The second server's student: the main server's first terms acceptance belongs to the home spec.
  await page.goto(`${REFRESH_SERVER.url}/signin`);
  await page.getByLabel('Correo electrónico').fill(DEMO.student);
  await page.getByLabel('Contraseña').fill('Senda-demo-1');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administración' })).toHaveCount(0);

  for (const path of ['/admin', '/admin/structure', '/admin/programs', '/admin/cohorts/1']) {
    const response = await page.goto(`${REFRESH_SERVER.url}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('Esta página no existe o no tienes acceso a ella.')).toBeVisible();
  }
});

test('a tutor manages only the cohort they tutor', async ({ page }) => {
  await signIn(page, DEMO.tutor);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Administración' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Administración' })).toBeVisible();
  const cohorts = page.getByTestId('admin-cohorts');
  await expect(cohorts.getByRole('link')).toHaveText(['Cohorte 2026-1 Bogotá']);
  // Organizations and cohorts are for platform admins: no entry, and the address does not exist.
  await expect(page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Organizaciones y cohortes' })).toHaveCount(0);
  expect((await page.goto('/admin/structure'))?.status()).toBe(404);

  await page.goto('/admin');
  await cohorts.getByRole('link', { name: 'Administrar cohorte Cohorte 2026-1 Bogotá' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cohorte 2026-1 Bogotá' })).toBeVisible();
});

test('an admin sees every cohort, archived ones included', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  const cohorts = page.getByTestId('admin-cohorts');
  await expect(cohorts.getByRole('link', { name: 'Administrar cohorte Cohorte 2026-1 Bogotá' })).toBeVisible();
  await expect(cohorts.getByRole('link', { name: 'Administrar cohorte Cohorte 2025-2 Medellín' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Organizaciones y cohortes' })).toBeVisible();
});
