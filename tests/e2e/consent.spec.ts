/**
 * Issue 33's consent journeys in Chromium on a 390 px phone (ADR 030): a
 * visitor signs up for the free workshop declining sensitive data and
 * authorising funder reports, verifies the e-mail, finds their consents on
 * /account and withdraws the funder reports one (after a confirmation), and
 * the admin's funder report of the same day drops them from its annex and
 * its breakdowns but not from its totals (ADR 031); a minor's sign-up asks
 * for a guardian and refuses a cédula. Each run signs up its own people
 * (unique addresses and documents), so the second server's shared demo data
 * is only read, and the report is compared before and after, not to fixed
 * figures.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
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

const WORKSHOP_COHORT = 'Taller introductorio 2027';
/** The breakdowns a person is in with the funder reports consent alone (the population group also needs the sensitive-data one). */
const BREAKDOWNS = ['Por rango de edad', 'Por género', 'Por estrato', 'Por departamento', 'Por municipio'];
const NO_CONSENT = 'Sin autorización para reportes';

/** A funder report CSV's sections by title, each its header and rows. */
type FunderSections = Map<string, string[][]>;

/**
 * The funder report for today as an admin downloads it (CSV) from the form on /admin/reports, for one cohort or all of
 * them, read into its sections.
 */
async function downloadFunderReport(admin: Page, cohort: string | null): Promise<FunderSections> {
  await admin.goto('/admin/reports');
  const form = admin.locator('#funder');
  await form.getByLabel('Cohorte').selectOption({ label: cohort ?? 'Todas las cohortes' });
  await form.getByLabel('Formato').selectOption('csv');
  const [download] = await Promise.all([admin.waitForEvent('download'), form.getByRole('button', { name: 'Descargar informe' }).click()]);
  const text = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
  const records = parse(text, { delimiter: ';', relax_column_count: true, skip_empty_lines: false }) as string[][];
  const sections: FunderSections = new Map();
  let current: string[][] | null = null;
  for (const record of records) {
    // A blank line ends a section; the next line is a title.
    if (record.every((cell) => cell === '')) current = null;
    else if (current === null) sections.set(record[0]!, (current = []));
    else current.push(record);
  }
  return sections;
}

/** A section's rows, header left out. */
function linesOf(sections: FunderSections, title: string): string[][] {
  const section = sections.get(title);
  expect(section, title).toBeDefined();
  return section!.slice(1);
}

/** A table's rows keyed by their first cell (the funnel's stages, a breakdown's groups). */
const rowsOf = (sections: FunderSections, title: string): Map<string, string[]> => new Map(linesOf(sections, title).map((row) => [row[0]!, row.slice(1)]));

/** A count as the report shows it: a number, or "<5" for a small cell. */
const countIn = (sections: FunderSections, title: string, row: string): number | '<5' => {
  const cell = rowsOf(sections, title).get(row)?.[0];
  expect(cell, `${title}: ${row}`).toBeDefined();
  return cell === '<5' ? '<5' : Number(cell);
};

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

test('a visitor signs up declining sensitive data, then withdraws the funder reports consent from their account and leaves the funder report\'s annex and breakdowns, not its totals', async ({ page, browser }) => {
  // Four downloads of the report on top of the sign-up journey.
  test.slow();
  const email = `daniela.${run}@correo.co`;
  await openWorkshop(page);
  const documentNumber = String(1_200_000_000 + run);
  await fillIdentity(page, { email, document: documentNumber, documentType: 'Cédula de ciudadanía' });
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
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirma la contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('Confirmaste tu correo y creaste tu contraseña: ya iniciaste sesión.')).toBeVisible();
  await page.goto('/home');
  await acceptTerms(page);

  // Enrolled in the free workshop, with the funder reports consent: the admin's report of today has them.
  const before = { workshop: await downloadFunderReport(admin, WORKSHOP_COHORT), all: await downloadFunderReport(admin, null) };
  const annexed = (sections: FunderSections) => linesOf(sections, 'Anexo por estudiante').filter((row) => row.includes(email));
  expect(annexed(before.workshop)).toEqual([expect.arrayContaining([WORKSHOP_COHORT, 'Quintero Ruiz', 'Daniela', documentNumber, email, 'Medellín, Antioquia'])]);
  expect(annexed(before.all)).toHaveLength(1);

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

  // The same day's report again: gone from the annex, not from the totals.
  const after = { workshop: await downloadFunderReport(admin, WORKSHOP_COHORT), all: await downloadFunderReport(admin, null) };
  await adminContext.close();
  expect(annexed(after.workshop)).toEqual([]);
  expect(annexed(after.all)).toEqual([]);
  for (const scope of ['workshop', 'all'] as const) {
    expect(linesOf(after[scope], 'Anexo por estudiante'), scope).toHaveLength(linesOf(before[scope], 'Anexo por estudiante').length - 1);
    const funnel = (sections: FunderSections) => rowsOf(sections, 'Embudo a la fecha de corte');
    expect(funnel(after[scope]).get('Inscritos'), scope).toEqual(funnel(before[scope]).get('Inscritos'));
    expect(funnel(after[scope]).get('Matriculados'), scope).toEqual(funnel(before[scope]).get('Matriculados'));
    for (const title of BREAKDOWNS) expect(rowsOf(after[scope], title).get('Total'), `${scope}: ${title}`).toEqual(rowsOf(before[scope], title).get('Total'));
  }
  // In the breakdowns they moved to "Sin autorización para reportes": those who authorised it are one fewer. A cell of
  // 1–4 people shows "<5" (in the workshop alone it is that small), so this is read where the cell is shown: over all
  // the cohorts, in every breakdown where it is not hidden, and it is in at least one.
  const shown = BREAKDOWNS.filter((title) => countIn(before.all, title, NO_CONSENT) !== '<5' && countIn(after.all, title, NO_CONSENT) !== '<5');
  expect(shown.length).toBeGreaterThan(0);
  for (const title of shown) {
    const consenting = (sections: FunderSections) => countIn(sections, title, 'Total') as number - (countIn(sections, title, NO_CONSENT) as number);
    expect(countIn(after.all, title, NO_CONSENT), title).toBe((countIn(before.all, title, NO_CONSENT) as number) + 1);
    expect(consenting(after.all), title).toBe(consenting(before.all) - 1);
  }
  // They had declined the sensitive-data consent: the population group never counted them, before or after.
  const byGroup = (sections: FunderSections) => countIn(sections, 'Por grupo poblacional', 'Sin autorización para reportes o datos sensibles');
  expect(byGroup(after.all)).toEqual(byGroup(before.all));
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
