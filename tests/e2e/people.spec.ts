/**
 * Issue 10's "done means", in Chromium: an admin imports 1,000 people from an
 * XLSX (built here with exceljs) with a few bad rows, sees the row errors,
 * fixes the file and imports it; one of them opens the invitation from the
 * development mailbox, sets a password, signs in and fills the person form,
 * seeing each validation message in Spanish and English; another recovers a
 * forgotten password without JavaScript, which ends their other session; an
 * admin deactivates someone and their pages stop working.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { acceptTerms, islandsReady, linkFromMailbox, signIn, submitSignIn } from './support/app';
import { fillResidenceAndHousehold } from './support/person-form';
import { DEMO, DEMO_PASSWORD } from './support/servers';

const ROWS = 1000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const INVITED = 'e2e.persona7@ejemplo.co';
const NEW_PASSWORD = 'Mi-clave-de-senda-7';

/** 1,000 people with the person form's columns; `broken` spoils rows 12, 22 and 32 of the sheet. */
async function peopleWorkbook(broken: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Personas');
  sheet.addRow(['correo', 'nombres', 'apellidos', 'tipo_documento', 'numero_documento', 'celular', 'departamento', 'municipio', 'estrato', 'genero']);
  for (let index = 0; index < ROWS; index++) {
    const row: (string | number)[] = [`e2e.persona${index}@ejemplo.co`, 'Persona', `Importada ${index}`, 'CC', String(80_000_000 + index), `300${1_000_000 + index}`, 'Antioquia', 'Medellín', (index % 6) + 1, 'Femenino'];
    if (broken && index === 10) row[0] = 'sin-arroba';
    if (broken && index === 20) row[5] = '12ab';
    if (broken && index === 30) row[8] = 9;
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Switches the language with the header's switch, as a person would (on a phone it sits in the user menu). */
async function switchLanguage(page: Page, language: 'English' | 'Español') {
  const menu = page.locator('[data-user-menu-toggle]');
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'es');
  await islandsReady(page);
}

/** A new browser window for one person (Spanish, Bogotá), optionally without JavaScript. */
const windowFor = (browser: Browser, options: { javaScriptEnabled?: boolean } = {}) => browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', ...options });

test.describe.serial('people', () => {
  let adminWindow: BrowserContext;
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    adminWindow = await windowFor(browser);
    admin = await adminWindow.newPage();
    await signIn(admin, DEMO.admin);
  });
  test.afterAll(async () => {
    await adminWindow.close();
  });

  test('an admin imports 1,000 people from an XLSX: row errors first, then the fixed file', async () => {
    // Two uploads and a thousand accounts on a shared machine.
    test.setTimeout(180_000);
    await admin.goto('/admin/users');
    await admin.getByRole('link', { name: 'Importar desde un archivo' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Importar personas' })).toBeVisible();
    await islandsReady(admin);

    const picker = admin.getByLabel('Archivo CSV o XLSX');
    await picker.setInputFiles({ name: 'personas.xlsx', mimeType: XLSX_TYPE, buffer: await peopleWorkbook(true) });
    await expect(admin.getByRole('alert')).toHaveText('3 filas del archivo tienen errores. No se cambió nada.');
    const errors = admin.getByRole('table', { name: 'Errores por fila' });
    await expect(errors.getByRole('row')).toHaveText([/Fila\s*Columna\s*Problema/, /12\s*correo\s*El correo no es válido/, /22\s*celular\s*El contacto no es válido/, /32\s*estrato\s*Seleccione un estrato/]);
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Descargar los errores (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('errores-importacion.csv');
    const { readFile } = await import('node:fs/promises');
    expect(await readFile((await file.path())!, 'utf8')).toContain('"22";"celular";"El contacto no es válido"');

    await picker.setInputFiles({ name: 'personas.xlsx', mimeType: XLSX_TYPE, buffer: await peopleWorkbook(false) });
    await expect(admin.getByText('El archivo está listo: 1000 filas sin errores.')).toBeVisible({ timeout: 30_000 });
    await expect(admin.getByText('Cuentas nuevas: 1000 · cuentas que se actualizan: 0 · asignaciones a cohortes: 0')).toBeVisible();
    await admin.getByRole('button', { name: 'Importar 1000 personas' }).click();
    await expect(admin.getByRole('region', { name: 'Archivo de personas' }).getByText('Importamos 1000 personas.')).toBeVisible({ timeout: 60_000 });

    await admin.getByRole('link', { name: 'Ver las personas' }).click();
    await expect(admin).toHaveURL(/\/admin\/users$/);
    await islandsReady(admin);
    await admin.getByRole('searchbox', { name: 'Buscar personas' }).fill('Importada 7');
    const row = admin.getByRole('row').filter({ hasText: INVITED });
    // Meanwhile the server sends the 1,000 invitations through its job engine, on PGlite's one connection.
    await expect(row).toContainText('Invitación pendiente', { timeout: 30_000 });
  });

  test('one of them opens the invitation from the development mailbox, sets a password, signs in and fills the person form in Spanish and English', async ({ browser }) => {
    test.setTimeout(120_000);
    const link = await linkFromMailbox(admin, INVITED, 'Tu cuenta en Senda está lista');
    const personWindow = await windowFor(browser);
    const person = await personWindow.newPage();
    await person.goto(link);
    await expect(person.getByRole('heading', { name: 'Te damos la bienvenida a Senda' })).toBeVisible();
    await islandsReady(person);
    await expect(person.getByText(`Crea la contraseña de tu cuenta ${INVITED}`)).toBeVisible();
    await person.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
    await person.getByLabel('Confirma la contraseña').fill('otra-cosa-123');
    await person.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(person.getByText('Las contraseñas no coinciden')).toBeVisible();
    await person.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
    await person.getByLabel('Confirma la contraseña').fill(NEW_PASSWORD);
    await person.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(person).toHaveURL(/\/signin\?passwordSet=invitation&email=/);
    await expect(person.getByText('Creaste tu contraseña. Ya puedes iniciar sesión.')).toBeVisible();
    // The address is filled in: only the new password is left to type.
    await expect(person.getByLabel('Correo electrónico')).toHaveValue(INVITED);

    await submitSignIn(person, INVITED, NEW_PASSWORD);
    await expect(person).toHaveURL(/\/home$/);
    await acceptTerms(person);
    await person.getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(person.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    // A value typed before the form's island wakes up would skip its live check.
    await islandsReady(person);
    const form = person.getByRole('form', { name: 'Datos personales' });
    // What the import knew is there already.
    await expect(form.getByLabel('Número de documento')).toHaveValue('80000007');
    await expect(form.getByLabel('Municipio')).toHaveValue('05001');

    // Each message as the person types, then on saving: the contract's words.
    await form.getByLabel('Nombres').fill('P');
    await expect(form.getByText('Debe tener mínimo 2 caracteres')).toBeVisible();
    await form.getByLabel('Correo electrónico', { exact: true }).fill('persona@');
    await expect(form.getByText('El correo no es válido')).toBeVisible();
    await form.getByLabel('Confirma el correo electrónico').fill('otra@correo.co');
    await form.getByLabel('Confirma el correo electrónico').press('Tab');
    await expect(form.getByText('Los correos no coinciden')).toBeVisible();
    await form.getByLabel('Celular de contacto').fill('12ab');
    await expect(form.getByText('El contacto no es válido')).toBeVisible();
    await form.getByLabel('Número de hijos').fill('dos');
    await expect(form.getByText('Este campo solo acepta números')).toBeVisible();
    await form.getByLabel('Estrato').selectOption({ label: 'Selecciona…' });
    await form.getByLabel('Género').selectOption({ label: 'Selecciona…' });
    await form.getByRole('button', { name: 'Guardar mis datos' }).click();
    for (const message of ['Seleccione un género', 'Seleccione un tipo de vivienda', 'Seleccione un estrato', 'El barrio es obligatorio', 'El número de personas en casa es obligatorio', 'El contacto de emergencia es obligatorio']) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByRole('alert')).toHaveText(/^Revisa los \d+ campos marcados\.$/);

    await switchLanguage(person, 'English');
    const englishForm = person.getByRole('form', { name: 'Personal details' });
    await englishForm.getByLabel('Contact phone', { exact: true }).fill('12ab');
    await expect(englishForm.getByText('The contact is not valid')).toBeVisible();
    await englishForm.getByLabel('Number of children').fill('two');
    await expect(englishForm.getByText('This field only accepts numbers')).toBeVisible();
    await englishForm.getByLabel('Email', { exact: true }).fill('persona@');
    await expect(englishForm.getByText('The email is not valid')).toBeVisible();
    await englishForm.getByLabel('Stratum').selectOption({ label: 'Select…' });
    await englishForm.getByRole('button', { name: 'Save my details' }).click();
    for (const message of ['Select a housing type', 'Select a stratum', 'Neighborhood is required']) await expect(englishForm.getByText(message, { exact: true })).toBeVisible();
    await switchLanguage(person, 'Español');

    // Filled in full, it saves.
    const filled = person.getByRole('form', { name: 'Datos personales' });
    await fillResidenceAndHousehold(filled, {
      contact: '3001234567',
      department: 'Valle del Cauca',
      municipality: 'Cali',
      neighborhood: 'San Antonio',
      address: 'Carrera 10 # 3-20',
      stratum: 3,
      englishLevel: 'B1 — Intermedio',
      emergency: { name: 'Rosa Importada', phone: '3109876543', relationship: 'Madre' },
    });
    await filled.getByRole('button', { name: 'Guardar mis datos' }).click();
    await expect(filled.getByText('Tu perfil está completo.')).toBeVisible();

    // On a 390 px phone the page never scrolls sideways.
    await person.setViewportSize({ width: 390, height: 844 });
    await person.reload();
    await expect(person.getByRole('form', { name: 'Datos personales' })).toBeVisible();
    expect(await person.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await personWindow.close();
  });

  test('another recovers a forgotten password without JavaScript, which ends their other session', async ({ browser }) => {
    const email = 'mateo@senda.test';
    const phoneWindow = await windowFor(browser);
    const phone = await phoneWindow.newPage();
    await signIn(phone, email);

    const plainWindow = await windowFor(browser, { javaScriptEnabled: false });
    const plain = await plainWindow.newPage();
    await plain.goto('/signin');
    await plain.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await plain.getByLabel('Correo electrónico').fill(email);
    await plain.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect(plain.getByRole('status')).toContainText('Si hay una cuenta con ese correo, te enviamos un enlace');

    // An unknown address reads exactly the same.
    const other = await plainWindow.newPage();
    await other.goto('/forgot-password');
    await other.getByLabel('Correo electrónico').fill('nadie@senda.test');
    await other.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect(other.getByRole('status')).toHaveText(await plain.getByRole('status').innerText());

    const link = await linkFromMailbox(admin, email, 'Recupera tu contraseña de Senda');
    await plain.goto(link);
    await expect(plain.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible();
    await plain.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
    await plain.getByLabel('Confirma la contraseña').fill(NEW_PASSWORD);
    await plain.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(plain).toHaveURL(/\/signin\?passwordSet=password_reset&email=/);
    await expect(plain.getByText('Cambiaste tu contraseña y cerramos tus otras sesiones.')).toBeVisible();
    // The link works once.
    await plain.goto(link);
    await expect(plain.getByRole('heading', { name: 'Este enlace ya no sirve' })).toBeVisible();

    // The session on the phone ended.
    await phone.goto('/home');
    await expect(phone).toHaveURL(/\/signin/);
    await submitSignIn(phone, email, DEMO_PASSWORD);
    await expect(phone.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    await submitSignIn(phone, email, NEW_PASSWORD);
    await expect(phone).toHaveURL(/\/home$/);
    await phoneWindow.close();
    await plainWindow.close();
  });

  test('an admin deactivates someone: their open pages stop working at once', async ({ browser }) => {
    const personWindow = await windowFor(browser);
    const person = await personWindow.newPage();
    await person.goto('/signin');
    await submitSignIn(person, INVITED, NEW_PASSWORD);
    await expect(person).toHaveURL(/\/home$/);

    await admin.goto('/admin/users');
    await islandsReady(admin);
    await admin.getByRole('searchbox', { name: 'Buscar personas' }).fill(INVITED);
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByRole('button', { name: 'Desactivar a Persona Importada 7' }).click();
    await expect(admin.getByRole('row').filter({ hasText: INVITED })).toContainText('Inactiva');

    await person.goto('/account');
    await expect(person).toHaveURL(/\/signin/);
    await personWindow.close();
  });
});
