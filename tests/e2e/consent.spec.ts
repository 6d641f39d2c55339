/**
 * Issue 33's consent journeys in Chromium on a 390 px phone (ADR 030): a
 * visitor signs up for the free workshop declining sensitive data and
 * authorising funder reports, verifies the e-mail, finds their consents on
 * /account and withdraws the funder reports one (after a confirmation); a
 * minor's sign-up asks for a guardian and refuses a cédula. Each run signs
 * up its own people (unique addresses and documents), so the second
 * server's shared demo data is only read.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, islandsReady, linkFromMailbox, signIn } from './support/app';
import { fillResidenceAndHousehold } from './support/person-form';
import { DEMO } from './support/servers';

test.use({ viewport: { width: 390, height: 844 } });

const WORKSHOP = 'Taller introductorio: primeros pasos en programación';
const PASSWORD = 'Mi-clave-de-senda-33';
const run = Date.now() % 1_000_000_000;

async function openWorkshop(page: Page): Promise<void> {
  await page.goto('/offers');
  await page.getByRole('link', { name: `Inscribirme: ${WORKSHOP}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: WORKSHOP })).toBeVisible();
  await islandsReady(page);
}

async function fillIdentity(page: Page, person: { email: string; document: string; documentType: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Datos personales' });
  await form.getByLabel('Nombres').fill('Daniela');
  await form.getByLabel('Apellidos').fill('Quintero Ruiz');
  await form.getByLabel('Correo electrónico', { exact: true }).fill(person.email);
  await form.getByLabel('Confirma el correo electrónico').fill(person.email);
  await form.getByLabel('Tipo de documento de identidad').selectOption({ label: person.documentType });
  await form.getByLabel('Número de documento').fill(person.document);
  await form.getByLabel('Género').selectOption({ label: 'Femenino' });
}

const PLACE = {
  contact: '3004445566',
  department: 'Antioquia',
  municipality: 'Medellín',
  neighborhood: 'Belén',
  address: 'Calle 30 # 70-12',
  stratum: 2,
  englishLevel: 'A2 — Básico',
  emergency: { name: 'Marta Ríos', phone: '3112223344', relationship: 'Madre' },
};

test('a visitor signs up declining sensitive data, then withdraws the funder reports consent from their account', async ({ page, browser }) => {
  const email = `daniela.${run}@correo.co`;
  await openWorkshop(page);
  await fillIdentity(page, { email, document: String(1_200_000_000 + run), documentType: 'Cédula de ciudadanía' });
  const form = page.getByRole('form', { name: 'Datos personales' });
  await fillResidenceAndHousehold(form, { ...PLACE, sensitiveData: 'decline' });
  // Declined, the population group is not even asked.
  await expect(form.getByLabel('Grupo poblacional')).toHaveCount(0);
  await form.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  await form.getByRole('checkbox', { name: /reportes a las entidades que financian mi programa/ }).check();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v2/registrations/') && request.method() === 'POST');
  await form.getByRole('button', { name: 'Inscribirme' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ sensitiveDataConsent: false, funderReportsConsent: true, birthDate: '1996-05-14' });
  expect(body).not.toHaveProperty('populationGroup');
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();

  const adminContext = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await page.goto(await linkFromMailbox(admin, email, 'Confirma tu correo para terminar tu inscripción'));
  await adminContext.close();
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirma la contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('Confirmaste tu correo y creaste tu contraseña: ya iniciaste sesión.')).toBeVisible();
  await page.goto('/home');
  await acceptTerms(page);

  await page.goto('/account');
  const consents = page.getByRole('region', { name: 'Tus autorizaciones de datos' });
  // The section's island wakes up when it comes into view.
  await consents.scrollIntoViewIfNeeded();
  const funders = consents.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Reportes a entidades financiadoras' }) });
  await expect(funders.getByText(/^Autorizada el .* \(Inscripción, versión /)).toBeVisible();
  const sensitive = consents.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Datos sensibles' }) });
  await expect(sensitive.getByText('Sin autorizar')).toBeVisible();

  // A confirmation first: dismissed, nothing changes; accepted, the consent is withdrawn.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await funders.getByRole('button', { name: 'Retirar la autorización: Reportes a entidades financiadoras' }).click();
  await expect(funders.getByText(/^Autorizada el /)).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('¿Retirar la autorización «Reportes a entidades financiadoras»? Desde ahora esos datos dejan de usarse.');
    void dialog.accept();
  });
  await funders.getByRole('button', { name: 'Retirar la autorización: Reportes a entidades financiadoras' }).click();
  await expect(funders.getByText(/^Retirada el /)).toBeVisible();
  await page.reload();
  await page.getByRole('region', { name: 'Tus autorizaciones de datos' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Tus autorizaciones de datos' }).getByRole('button', { name: 'Autorizar: Reportes a entidades financiadoras' })).toBeVisible();
  // Nothing on the page scrolls sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a minor's sign-up asks for a guardian's name, document and authorisation, and a tarjeta de identidad", async ({ page }) => {
  const email = `menor.${run}@correo.co`;
  const minorBorn = `${new Date().getFullYear() - 15}-03-10`;
  await openWorkshop(page);
  await fillIdentity(page, { email, document: String(1_100_000_000 + run), documentType: 'Cédula de ciudadanía' });
  const form = page.getByRole('form', { name: 'Datos personales' });
  await fillResidenceAndHousehold(form, { ...PLACE, birthDate: minorBorn });
  await form.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  const guardian = form.getByRole('group', { name: 'Acudiente (representante legal)' });
  await expect(guardian).toBeVisible();
  await form.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(guardian.getByText('El nombre del acudiente es obligatorio para una persona menor de edad')).toBeVisible();
  await expect(form.getByText('Una persona menor de edad se identifica con tarjeta de identidad (o registro civil si tiene menos de 7 años)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toHaveCount(0);

  await form.getByLabel('Tipo de documento de identidad').selectOption({ label: 'Tarjeta de identidad' });
  await guardian.getByLabel('Nombre completo del acudiente').fill('Marta Quintero');
  await guardian.getByLabel('Tipo de documento del acudiente').selectOption({ label: 'Cédula de ciudadanía' });
  await guardian.getByLabel('Número de documento del acudiente').fill('52123456');
  await form.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(guardian.getByText('El acudiente debe autorizar el registro y el tratamiento de los datos de la persona menor de edad')).toBeVisible();
  await guardian.getByRole('checkbox', { name: /Como acudiente, autorizo/ }).check();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v2/registrations/') && request.method() === 'POST');
  await form.getByRole('button', { name: 'Inscribirme' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ documentType: 'TI', guardian: { name: 'Marta Quintero', documentType: 'CC', documentNumber: '52123456', consent: true } });
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
});
