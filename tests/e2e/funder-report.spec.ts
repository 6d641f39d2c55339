/**
 * Issue 33, the report to funders: an admin chooses a cohort and a cut-off
 * date on /admin/reports, downloads the report twice and gets the same
 * bytes, and opens the printable view, which shows the same tables. It only
 * reads the demo data, on the second server (its line).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/app';
import { DEMO } from './support/servers';

const COHORT = 'Cohorte 2026-1 Cali';

/** Downloads the funder report from the form as it stands and answers its name and bytes. */
async function downloadFrom(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#funder').getByRole('button', { name: 'Descargar informe' }).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

test('an admin downloads the funder report twice for the same cut-off and gets identical files', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/reports');
  const form = page.locator('#funder');
  await expect(form.getByRole('heading', { name: 'Informe para entidades financiadoras' })).toBeVisible();
  await form.getByLabel('Cohorte').selectOption({ label: COHORT });
  const cutoff = await form.getByLabel('Fecha de corte').inputValue();
  expect(cutoff).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const first = await downloadFrom(page);
  expect(first.name).toBe(`informe-financiador-corte-${cutoff}.xlsx`);
  // The zip's entries carry a time to two seconds: a file stamped with the time of writing would differ now.
  await page.waitForTimeout(2100);
  const second = await downloadFrom(page);
  expect(second.bytes.equals(first.bytes)).toBe(true);

  await form.getByLabel('Formato').selectOption('csv');
  const csv = await downloadFrom(page);
  expect(csv.name).toBe(`informe-financiador-corte-${cutoff}.csv`);
  expect((await downloadFrom(page)).bytes.equals(csv.bytes)).toBe(true);

  await form.getByRole('button', { name: 'Ver para imprimir' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/funder\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Informe para entidades financiadoras' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Embudo a la fecha de corte' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Por grupo poblacional' })).toBeVisible();
});
