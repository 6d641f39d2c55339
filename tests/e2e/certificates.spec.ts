/**
 * Finishing a cohort (issue 31), in the browser: an admin designs the
 * program's certificate and issues it to whoever meets the approval rule; the
 * approved student gets it by e-mail, finds it under "Mis certificados" and
 * downloads its PDF; a visitor with no account opens its verification page
 * and sees it valid; the admin revokes it and the same page says so; a
 * student who does not meet the rule sees exactly what is missing.
 * Demo data: the basics course's categories and the program's rule, the
 * cohort "Cohorte 2026-2 Calificaciones" with Camila (approved) and Mateo
 * (at risk) (services/gradebook/demo-data.ts).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './support/app';
import { DEMO } from './support/servers';

const CAMILA = 'camila.rojas@senda.test';
const MATEO = 'mateo.gomez@senda.test';
const COHORT = 'Cohorte 2026-2 Calificaciones';
const TITLE = 'Desarrollador web junior';

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

test('an admin issues the certificate to whoever approved; it reaches the student, verifies for anyone, and shows revoked once revoked', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, DEMO.admin);

  // The cohort's program and its certificate design.
  await admin.goto('/admin');
  await admin.getByRole('link', { name: `Administrar cohorte ${COHORT}` }).click();
  await expect(admin).toHaveURL(/\/admin\/cohorts\/\d+$/);
  const cohortPage = new URL(admin.url()).pathname;
  await admin.getByRole('link', { name: 'Diseño del certificado del programa' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: /^Certificado de / })).toBeVisible();
  const design = admin.getByRole('form', { name: 'Diseño del certificado' });
  await design.getByLabel('Título del certificado').fill(TITLE);
  await design.getByLabel('Intensidad (horas)').fill('120');
  await design.getByLabel('Nombre del firmante 1').fill('Ana María Pérez');
  await design.getByLabel('Cargo del firmante 1').fill('Directora académica');
  await design.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByText('Cambios guardados')).toBeVisible();

  // Issued in bulk to the cohort's approved students: Camila, not Mateo.
  await admin.goto(cohortPage);
  await admin.getByRole('button', { name: 'Emitir certificados a quienes aprobaron' }).click();
  await expect(admin.getByText('Listo: 1 certificado nuevo.')).toBeVisible({ timeout: 30_000 });
  const issued = admin.getByRole('region', { name: 'Certificados' });
  await expect(issued).toContainText('Camila Rojas');
  await expect(issued).toContainText('válido');
  await expect(issued).not.toContainText('Mateo');

  // The student's e-mail, and her certificate under "Mis certificados".
  await expect(async () => {
    await admin.goto(`/admin/mailbox?to=${encodeURIComponent(CAMILA)}`);
    await expect(admin.getByRole('row').filter({ hasText: 'Tu certificado de' }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const camila = await signedIn(browser, CAMILA);
  await camila.getByRole('banner').getByRole('link', { name: 'Mis certificados' }).click();
  await expect(camila).toHaveURL(/\/certificates$/);
  const mine = camila.getByRole('main');
  await expect(mine).toContainText(TITLE);
  const pdf = await camila.request.get((await mine.getByRole('link', { name: `Descargar el PDF de ${TITLE}` }).getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const verifyHref = (await mine.getByRole('link', { name: `Página de verificación de ${TITLE}` }).getAttribute('href'))!;
  expect(verifyHref).toMatch(/\/verify\/[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

  // Anyone, signed out, with no JavaScript needed.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(new URL(verifyHref, 'http://x').pathname);
  await expect(visitor.getByText('Certificado válido')).toBeVisible();
  await expect(visitor.getByRole('main')).toContainText('Camila');
  await expect(visitor.getByRole('main')).toContainText(TITLE);
  await expect(visitor.getByRole('main')).toContainText('120 horas');
  await expect(visitor.getByRole('main')).toContainText('Ana María Pérez, Directora académica');

  // Revoked by the admin: the same page says so.
  await admin.goto(cohortPage);
  await admin.getByRole('button', { name: /^Revocar el certificado de Camila/ }).click();
  await admin.getByLabel('Motivo de la revocación').fill('Se expidió antes de revisar la nota final.');
  await admin.getByRole('button', { name: 'Revocar el certificado', exact: true }).click();
  await expect(admin.getByText('Certificado revocado.')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('Certificado revocado')).toBeVisible();
  await expect(visitor.getByText('Certificado válido')).toHaveCount(0);
});

test('a student who does not meet the rule sees exactly what is missing', async ({ browser }) => {
  const mateo = await signedIn(browser, MATEO);
  await mateo.getByRole('region', { name: 'Mis cursos' }).getByRole('link', { name: 'Fundamentos de programación' }).click();
  await mateo.getByRole('link', { name: 'Ver mis calificaciones' }).click();
  await expect(mateo).toHaveURL(/\/courses\/\d+\/grades$/);
  const grades = mateo.getByRole('main');
  await expect(grades).toContainText('Estado: En riesgo');
  await expect(grades).toContainText(/Te falta: 1 entrega, nota \d\.\d de 3\.0/);
});
