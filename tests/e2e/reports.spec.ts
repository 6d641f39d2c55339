/**
 * Issue 14 in Chromium: the admin reads the dashboard's charts (and the
 * tables behind them), filters it by cohort, and downloads each report type
 * from the reports page; every file is read back with exceljs and its rows
 * checked against what the demo data holds.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { islandsReady, signIn } from './support/app';
import { DEMO } from './support/servers';

const CALI = Array.from({ length: 12 }, (_, index) => `cali${String(index + 1).padStart(2, '0')}@senda.test`);

/** Picks a report on the reports page, downloads it and reads it back: its header and its rows as objects. */
async function downloadReport(page: Page, type: string, format: 'Excel (.xlsx)' | 'CSV (.csv)' = 'Excel (.xlsx)') {
  await page.goto('/admin/reports');
  // The reports' form (the funder report has a form of its own below it, issue 33).
  const form = page.locator('form[action="/admin/reports/download"]');
  await form.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
  await form.getByRole('combobox', { name: 'Formato' }).selectOption({ label: format });
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Descargar' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^reporte-[a-z-]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const header = values[0] as string[];
  return values.slice(1).map((row) => Object.fromEntries(header.map((label, index) => [label, row[index] ?? null])));
}

test('the admin reads the dashboard, filters it by cohort, and downloads each report', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: 'Tablero', level: 2 })).toBeVisible();

  // Each chart is drawn (a named image) beside a table with its figures.
  const progress = page.getByRole('figure', { name: 'Progreso promedio por cohorte' });
  await progress.scrollIntoViewIfNeeded();
  await expect(progress.getByRole('img', { name: /Gráfico: Progreso promedio por cohorte/ })).toBeVisible();
  // The demo's two cohorts (other specs of the suite add cohorts of their own to the same server).
  const cohortRows = progress.getByRole('table').getByRole('rowheader');
  for (const cohort of ['Cohorte 2026-1 Bogotá', 'Cohorte 2026-1 Cali']) await expect(cohortRows.filter({ hasText: new RegExp(`^${cohort}$`) })).toHaveCount(1);
  for (const name of ['Entregas por calificar por cohorte', 'Aprobación de cuestionarios', 'Asistencia a sesiones en vivo por cohorte', 'Registros por semana']) {
    const figure = page.getByRole('figure', { name });
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.getByRole('img', { name: new RegExp(`Gráfico: ${name}`) })).toBeVisible();
  }
  // The chart's canvas has been drawn by Chart.js (not left blank).
  await expect.poll(() => progress.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width > 0 && canvas.toDataURL().length > 2000)).toBe(true);
  const risk = page.getByRole('figure', { name: 'Estudiantes en riesgo' });
  await expect(risk.getByRole('row').filter({ hasText: 'Cohorte 2026-1 Cali' }).first()).toBeVisible();

  // Filtered by the Cali cohort: the filter is in the URL and the charts show that cohort alone.
  await page.getByRole('combobox', { name: 'Cohorte' }).selectOption({ label: 'Cohorte 2026-1 Cali' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/cohort_id=\d+/);
  await expect(page.getByRole('figure', { name: 'Progreso promedio por cohorte' }).getByRole('table').getByRole('rowheader')).toHaveText(['Cohorte 2026-1 Cali']);

  // Every report type downloads as a real spreadsheet holding the demo data.
  const users = await downloadReport(page, 'Usuarios y caracterización');
  expect(users.map((row) => row['Correo electrónico'])).toEqual(expect.arrayContaining([...CALI, 'valentina@senda.test', 'student@senda.test']));
  expect(users.find((row) => row['Correo electrónico'] === 'valentina@senda.test')).toMatchObject({ Municipio: 'Medellín', Departamento: 'Antioquia', Estrato: 2, Género: 'Femenino' });

  const progressRows = await downloadReport(page, 'Progreso');
  const valentinaProgress = progressRows.find((row) => row['Correo electrónico'] === 'valentina@senda.test' && row.Curso === 'Fundamentos de programación');
  expect(valentinaProgress).toMatchObject({ Lecciones: 3, 'Lecciones completadas': 2, 'Progreso (%)': 66 });
  expect(valentinaProgress!['Última actividad']).toBeInstanceOf(Date);

  const grades = await downloadReport(page, 'Calificaciones');
  expect(grades.filter((row) => row.Actividad === 'Calculadora de propinas' && row.Cohorte === 'Cohorte 2026-1 Cali').map((row) => row.Estado).sort()).toEqual([
    ...Array(3).fill('Calificada'),
    ...Array(3).fill('Por calificar'),
    ...Array(6).fill('Sin entregar'),
  ].sort());

  const quizResults = await downloadReport(page, 'Resultados de cuestionarios');
  expect(quizResults.some((row) => row['Correo electrónico'] === 'valentina@senda.test' && row.Estado === 'Calificada')).toBe(true);

  const submissions = await downloadReport(page, 'Entregas');
  expect(submissions.filter((row) => row.Cohorte === 'Cohorte 2026-1 Cali').map((row) => row['Nota final']).sort()).toEqual([70, 80, 90, null, null, null].sort());

  const attendance = await downloadReport(page, 'Asistencia');
  expect(attendance.filter((row) => row['Correo electrónico'] === 'valentina@senda.test').map((row) => row['Asistió'])).toContain('Sí');
});

test('a report built in the background shows its progress, then a download link', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/reports/download?type=users&export_format=xlsx&delivery=job');
  await expect(page).toHaveURL(/\/admin\/reports\?.*export=\d+/);
  await islandsReady(page);
  const link = page.getByRole('link', { name: 'Descargar reporte' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  expect(workbook.worksheets[0]!.rowCount).toBeGreaterThan(12);
});
