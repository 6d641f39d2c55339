/**
 * Issue 31, the staff's gradebook: a tutor opens a cohort's gradebook from
 * home in one click, moves through it by keyboard, filters the students at
 * risk, overrides a grade with a reason and sees it marked (after a reload
 * too); on a 390 px phone the table scrolls inside its box and the page never
 * sideways. It uses the demo's graded cohort ("Cohorte 2026-2
 * Calificaciones": Camila and Laura approved, Mateo at risk) with a tutor of its own,
 * and writes an override there: it runs on the second server.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandsReady, signIn, thisServer } from './support/app';
import { api, violationsOn } from './support/page-api';
import { DEMO, DEMO_PASSWORD, runCli } from './support/servers';

const COHORT = 'Cohorte 2026-2 Calificaciones';
const TUTOR = { email: 'tutor.notas.e2e@senda.test', first: 'Nora', last: 'Notas' };

/** A tutor of the graded demo cohort, made by the admin. */
async function setUp(page: Page): Promise<void> {
  await runCli(thisServer(), ['create-user', '--email', TUTOR.email, '--password', DEMO_PASSWORD, '--first-name', TUTOR.first, '--last-name', TUTOR.last, '--type', 'staff']);
  await signIn(page, DEMO.admin);
  const cohorts = await api<{ results: { id: number; name: string }[] }>(page, 'GET', '/api/v2/cohorts/');
  const cohort = cohorts.results.find((item) => item.name === COHORT)!;
  const tutorId = (await api<{ results: { id: number }[] }>(page, 'GET', `/api/v2/users/?search=${encodeURIComponent(TUTOR.email)}`)).results[0]!.id;
  await api(page, 'POST', `/api/v2/cohorts/${cohort.id}/assign_users/`, { users: [{ userId: tutorId, role_id: 2 }] });
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
}

test('a tutor opens the gradebook from home, moves by keyboard, filters at risk and overrides a grade; the phone never scrolls sideways', async ({ page }) => {
  await setUp(page);
  await signIn(page, TUTOR.email);

  // Home: the students at risk, and the cohort's gradebook one click away.
  const approval = page.getByRole('region', { name: 'Calificaciones y aprobación' });
  await expect(approval.getByText('1 estudiante en riesgo de no aprobar', { exact: true })).toBeVisible();
  await expect(approval.getByRole('link', { name: `${COHORT}: 1 estudiante en riesgo de no aprobar` })).toHaveAttribute('href', /\/approvals\?state=at_risk$/);
  await approval.getByRole('link', { name: `Calificaciones de ${COHORT}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Calificaciones de ${COHORT}` })).toBeVisible();
  await islandsReady(page);

  // By keyboard: one cell in the tab order, the arrows, Home and End.
  const grid = page.getByRole('grid');
  await grid.getByRole('columnheader', { name: 'Estudiante' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveText('Mateo Gómez');
  await page.keyboard.press('End');
  await expect(page.locator(':focus')).toHaveText('En riesgo');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveText('Aprobado');
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveText('Laura Méndez');
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

  // The students at risk, by a link.
  await page.getByRole('navigation', { name: 'Filtrar estudiantes' }).getByRole('link', { name: 'En riesgo' }).click();
  await expect(page).toHaveURL(/state=at_risk/);
  await expect(page.getByRole('rowheader')).toHaveText(['Mateo Gómez']);
  await islandsReady(page);

  // An override with a reason, marked in the row with who and why.
  expect(await violationsOn(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ajustar la nota de Mateo Gómez' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajustar la nota del curso de Mateo Gómez' });
  expect(await violationsOn(page)).toEqual([]);
  await dialog.getByLabel('Nueva nota (0,0–5,0)').fill('3,2');
  await dialog.getByLabel('Motivo').fill('Sustentación oral aprobada');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(dialog).toBeHidden();
  const mateo = page.getByRole('row', { name: /Mateo Gómez/ });
  await expect(mateo.getByText('Ajustada', { exact: true })).toBeVisible();
  await expect(mateo.getByText(/Ajustada por Nora Notas .*Sustentación oral aprobada/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Guardamos la nota ajustada de Mateo Gómez.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /Mateo Gómez/ }).getByText('3.2', { exact: true })).toBeVisible();

  // On a phone: the table scrolls in its own box, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(page.url().replace(/&?state=at_risk/, ''));
  await expect(page.getByRole('rowheader')).toHaveCount(3);
  const widths = await page.evaluate(() => {
    const box = document.querySelector('.gradebook__scroll')!;
    return { page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth, box: box.scrollWidth, boxVisible: box.clientWidth };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.box).toBeGreaterThan(widths.boxVisible);
  expect(await violationsOn(page)).toEqual([]);

  // The approvals, from the gradebook: the counts per state and what Mateo still needs.
  await page.getByRole('link', { name: 'Ver la aprobación de la cohorte' }).click();
  await expect(page.getByRole('link', { name: 'En riesgo (1)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Mateo Gómez/ })).toContainText('Te falta:');
  expect(await violationsOn(page)).toEqual([]);
});
