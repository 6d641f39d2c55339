/**
 * Issue 12, done means: a tutor creates an assignment with a due date and a
 * late penalty; one student submits a PDF on time, another submits late
 * (their cohort's due date has passed); the tutor grades both in the grading
 * view by keyboard, grades a third from the grading sheet and downloads the
 * zip (opened here: the PDF is inside); the students see their grades and the
 * unseen-feedback badge, which clears once they read it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, getJson, hydrated, islandsReady, KEYS, signIn, thisServer } from './support/app';
import { DEMO, DEMO_PASSWORD, runCli } from './support/servers';

const TITLE = 'Informe de laboratorio';
const LESSON = 'Medir con cuidado';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** An API call with the signed-in admin's token: the test's own setup, not what is under test. */
async function api<T>(page: Page, method: string, path: string, data?: object): Promise<T> {
  const access = await getJson<{ accessToken: string }>(page, KEYS.accessData);
  const response = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${access!.accessToken}` }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const PEOPLE = {
  tutor: { email: 'tutor.tareas.e2e@senda.test', first: 'Tania', last: 'Tutora' },
  onTime: { email: 'ana.tareas.e2e@senda.test', first: 'Ana', last: 'Alba' },
  late: { email: 'bruno.tareas.e2e@senda.test', first: 'Bruno', last: 'Barco' },
  sheet: { email: 'carla.tareas.e2e@senda.test', first: 'Carla', last: 'Cano' },
};

/** Its own program and course (with a published lesson), released to two cohorts: Ana and Carla in the first, Bruno in the second; the tutor in both. */
async function setUp(page: Page): Promise<{ courseId: number; lateCohortId: number }> {
  for (const person of Object.values(PEOPLE)) {
    await runCli(thisServer(), ['create-user', '--email', person.email, '--password', DEMO_PASSWORD, '--first-name', person.first, '--last-name', person.last, ...(person === PEOPLE.tutor ? ['--type', 'staff'] : [])]);
  }
  await signIn(page, DEMO.admin);
  const paths = await api<{ results: { id: number }[] }>(page, 'GET', '/api/v2/learning-paths/');
  const program = await api<{ id: number }>(page, 'POST', '/api/v2/programs/', { name: 'Programa de tareas', description: '' });
  const course = await api<{ id: number }>(page, 'POST', '/api/v2/courses/', { programId: program.id, name: 'Curso con tareas' });
  await api(page, 'POST', `/api/v2/courses/${course.id}/lessons/`, { title: LESSON, contentMd: 'Mide tres veces.', publishedAt: new Date(Date.now() - 60_000).toISOString() });
  const idOf = async (email: string) => (await api<{ results: { id: number }[] }>(page, 'GET', `/api/v2/users/?search=${encodeURIComponent(email)}`)).results[0]!.id;
  const cohorts: number[] = [];
  for (const [name, students] of [
    ['Cohorte de tareas A', [PEOPLE.onTime, PEOPLE.sheet]],
    ['Cohorte de tareas B', [PEOPLE.late]],
  ] as const) {
    const cohort = await api<{ id: number }>(page, 'POST', '/api/v2/cohorts/', { learningPathId: paths.results[0]!.id, programId: program.id, name });
    await api(page, 'POST', `/api/v2/cohorts/${cohort.id}/content/courses/${course.id}/release/`, {});
    const users = [{ userId: await idOf(PEOPLE.tutor.email), role_id: 2 }];
    for (const student of students) users.push({ userId: await idOf(student.email), role_id: 1 });
    await api(page, 'POST', `/api/v2/cohorts/${cohort.id}/assign_users/`, { users });
    cohorts.push(cohort.id);
  }
  return { courseId: course.id, lateCohortId: cohorts[1]! };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/** A new student signs in (accepting the terms), opens the assignment from their course page and submits. */
async function submitAs(page: Page, email: string, courseId: number, content: { text?: string; pdf?: string }) {
  await signIn(page, email, { acceptTerms: false });
  await acceptTerms(page);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole('link', { name: TITLE }).click();
  const form = page.getByRole('form', { name: 'Entregar' });
  await hydrated(page, form);
  if (content.text) await form.getByRole('textbox', { name: 'Texto' }).fill(content.text);
  if (content.pdf) await form.getByLabel('Archivos').setInputFiles({ name: content.pdf, mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Entregar' }).click();
  await expect(page.getByRole('heading', { name: 'Tus entregas' })).toBeVisible();
  await expect(page.getByText('Entrega 1')).toBeVisible();
}

/** The entries of a zip file. */
function zipEntries(path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('a tutor sets an assignment with a late penalty, grades on-time and late work by keyboard and from the sheet, downloads the zip; students see grades and feedback', async ({ browser }) => {
  test.setTimeout(240_000);
  const tutorContext = await browser.newContext({ acceptDownloads: true });
  const tutor = await tutorContext.newPage();
  const { courseId, lateCohortId } = await setUp(tutor);
  await signOut(tutor);

  // The tutor creates the assignment: due in two days, 10 % off per day late.
  await signIn(tutor, PEOPLE.tutor.email);
  await tutor.goto(`/courses/${courseId}`);
  await tutor.getByRole('link', { name: 'Nueva tarea' }).click();
  const form = tutor.locator('form.assignment-form');
  await hydrated(tutor, form);
  await form.getByRole('textbox', { name: 'Título' }).fill(TITLE);
  await form.getByRole('textbox', { name: 'Instrucciones' }).fill('Sube tu informe en **PDF** o escribe tus resultados.');
  await form.getByRole('combobox', { name: 'Tipo de actividad' }).selectOption({ label: 'Evaluaciones' });
  const due = new Date(Date.now() + 2 * 24 * 3600 * 1000 - 5 * 3600 * 1000).toISOString().slice(0, 16);
  await form.getByLabel('Fecha de entrega (hora de Bogotá)').fill(due);
  await form.getByRole('radio', { name: 'Recibirlas con descuento por día' }).check();
  await form.getByRole('textbox', { name: 'Descuento por día de retraso (%)' }).fill('20');
  await form.getByRole('button', { name: 'Crear tarea' }).click();
  await expect(tutor).toHaveURL(/\/assignments\/\d+$/);
  await expect(tutor.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(tutor.getByText('Se reciben con 20 % de descuento por día de retraso')).toBeVisible();
  const assignmentId = Number(new URL(tutor.url()).pathname.split('/').pop());

  // Second thoughts: 10 % a day, changed from the assignment's page, on a phone. An empty title is refused beside the field.
  await tutor.setViewportSize({ width: 390, height: 844 });
  await tutor.getByRole('link', { name: 'Editar ajustes' }).click();
  await expect(tutor.getByRole('heading', { name: 'Editar la tarea', level: 1 })).toBeVisible();
  await islandsReady(tutor);
  const settings = tutor.getByRole('form', { name: 'Editar la tarea' });
  await expect(settings.getByRole('textbox', { name: 'Título' })).toHaveValue(TITLE);
  await expect(settings.getByRole('radio', { name: 'Recibirlas con descuento por día' })).toBeChecked();
  expect(await tutor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settings.getByRole('textbox', { name: 'Título' }).fill('');
  await settings.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(settings.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.getByText('El título es obligatorio')).toBeVisible();
  await settings.getByRole('textbox', { name: 'Título' }).fill(TITLE);
  await settings.getByRole('textbox', { name: 'Descuento por día de retraso (%)' }).fill('10');
  await settings.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(tutor).toHaveURL(new RegExp(`/assignments/${assignmentId}$`));
  await expect(tutor.getByText('Se reciben con 10 % de descuento por día de retraso')).toBeVisible();
  await tutor.setViewportSize({ width: 1280, height: 720 });
  await signOut(tutor);

  // Bruno's cohort had an earlier date, already a day past (set by the admin through the API: setup).
  await signIn(tutor, DEMO.admin);
  await api(tutor, 'PUT', `/api/v2/cohorts/${lateCohortId}/content/assignments/${assignmentId}/`, { dueAt: new Date(Date.now() - 20 * 3600 * 1000).toISOString() });
  await signOut(tutor);

  // The students submit: Ana a PDF on time, Bruno late, Carla a text.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await submitAs(student, PEOPLE.onTime.email, courseId, { pdf: 'informe-ana.pdf' });
  await expect(student.getByText('A tiempo')).toBeVisible();
  await expect(student.getByRole('link', { name: 'informe-ana.pdf' })).toBeVisible();
  await signOut(student);
  await submitAs(student, PEOPLE.late.email, courseId, { text: 'Mis resultados: la reacción tardó 3 minutos.' });
  await expect(student.getByText('1 día tarde · −10 %')).toBeVisible();
  await signOut(student);
  await submitAs(student, PEOPLE.sheet.email, courseId, { text: 'Resultados de Carla.' });
  await signOut(student);

  // The tutor grades Ana and Bruno in the grading view, by keyboard.
  await signIn(tutor, PEOPLE.tutor.email);
  await tutor.goto(`/assignments/${assignmentId}/grading`);
  await islandsReady(tutor);
  const students = tutor.getByRole('navigation', { name: 'Estudiantes' });
  await hydrated(tutor, students);
  await expect(students.getByRole('button')).toHaveCount(3);
  // One cohort at a time: the choice stays in the address, so a reload keeps it.
  await tutor.getByRole('combobox', { name: 'Cohorte' }).selectOption({ label: 'Cohorte de tareas B' });
  await expect(students.getByRole('button')).toHaveCount(1);
  await expect(students.getByRole('button', { name: /Barco, Bruno/ })).toBeVisible();
  await expect(tutor).toHaveURL(new RegExp(`/assignments/${assignmentId}/grading\\?cohort=${lateCohortId}$`));
  await tutor.reload();
  await islandsReady(tutor);
  await expect(tutor.getByRole('combobox', { name: 'Cohorte' })).toHaveValue(String(lateCohortId));
  await expect(students.getByRole('button')).toHaveCount(1);
  await tutor.getByRole('combobox', { name: 'Cohorte' }).selectOption({ label: 'Todas mis cohortes' });
  await expect(students.getByRole('button')).toHaveCount(3);
  await students.getByRole('button', { name: /Alba, Ana/ }).click();
  await expect(tutor.getByRole('heading', { name: 'Alba, Ana', level: 2 })).toBeVisible();
  await expect(tutor.getByRole('link', { name: 'Descargar informe-ana.pdf' })).toBeVisible();
  // A word to Ana about a lesson, not this assignment.
  await tutor.getByText('Comentario sobre una lección').click();
  const lessonComment = tutor.getByRole('form', { name: 'Comentario sobre una lección' });
  await expect(lessonComment.getByRole('combobox', { name: 'Lección' })).toHaveValue(/\d+/);
  await lessonComment.getByRole('textbox', { name: 'Comentario para el estudiante' }).fill('Repasa la lección antes del próximo informe.');
  await lessonComment.getByRole('button', { name: 'Enviar comentario' }).click();
  await expect(lessonComment.getByText(`Comentario enviado a Alba, Ana sobre «${LESSON}».`)).toBeVisible();
  const score = tutor.getByRole('textbox', { name: 'Calificación (0 a 100)' });
  await score.click();
  await tutor.keyboard.type('85');
  await tutor.keyboard.press('Tab');
  await tutor.keyboard.type('Buen informe, faltan las conclusiones.');
  await tutor.keyboard.press('Control+Enter');
  // Saved, and on to the next student: Bruno, whose late penalty the form shows.
  await expect(tutor.getByRole('heading', { name: 'Barco, Bruno', level: 2 })).toBeVisible();
  await expect(tutor.getByText('Se descontará 10 % por retraso.')).toBeVisible();
  await expect(tutor.getByText('Mis resultados: la reacción tardó 3 minutos.')).toBeVisible();
  await score.click();
  await tutor.keyboard.type('80');
  await tutor.keyboard.press('Tab');
  await tutor.keyboard.type('Bien, pero entrega a tiempo.');
  await tutor.keyboard.press('Control+Enter');
  await expect(tutor.getByRole('heading', { name: 'Cano, Carla', level: 2 })).toBeVisible();
  // K goes back without a reload; Ana's grade is there.
  await tutor.locator('body').click({ position: { x: 5, y: 5 } });
  await tutor.keyboard.press('k');
  await tutor.keyboard.press('k');
  await expect(tutor.getByRole('heading', { name: 'Alba, Ana', level: 2 })).toBeVisible();
  await expect(score).toHaveValue('85');
  await expect(students.getByRole('button', { name: /Alba, Ana.*Calificada/ })).toBeVisible();

  // Carla from the grading sheet: downloaded, filled, checked, applied.
  const [sheetDownload] = await Promise.all([tutor.waitForEvent('download', { predicate: (item) => item.suggestedFilename().endsWith('.xlsx') }), tutor.getByRole('link', { name: 'Descargar hoja de calificaciones' }).click()]);
  const sheetPath = join(tmpdir(), `senda-e2e-hoja-${Date.now()}.xlsx`);
  await sheetDownload.saveAs(sheetPath);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(sheetPath)) as never);
  const sheet = workbook.worksheets[0]!;
  let filled = 0;
  sheet.eachRow((row, number) => {
    if (number > 1 && String(row.getCell(2).value).startsWith('Cano')) {
      row.getCell(8).value = 70;
      row.getCell(9).value = 'Revisa las unidades.';
      filled++;
    }
  });
  expect(filled).toBe(1);
  await writeFile(sheetPath, Buffer.from(await workbook.xlsx.writeBuffer()));
  const upload = tutor.getByRole('region', { name: 'Calificar con la hoja' });
  await upload.getByLabel('Hoja llena (XLSX o CSV)').setInputFiles(sheetPath);
  await upload.getByRole('button', { name: 'Revisar' }).click();
  await expect(upload.getByText('1 calificación cambiará; 2 quedan igual.')).toBeVisible();
  await upload.getByRole('button', { name: 'Guardar 1 calificación' }).click();
  await expect(upload.getByText('Se guardó 1 calificación.')).toBeVisible();
  await expect(students.getByRole('button', { name: /Cano, Carla.*Calificada/ })).toBeVisible();

  // The zip: every student's folder, Ana's PDF inside.
  const [zipDownload] = await Promise.all([tutor.waitForEvent('download', { predicate: (item) => item.suggestedFilename().endsWith('.zip') }), tutor.getByRole('link', { name: 'Descargar todo (zip)' }).click()]);
  expect(zipDownload.suggestedFilename()).toBe('informe-de-laboratorio-entregas.zip');
  const zipPath = join(tmpdir(), `senda-e2e-entregas-${Date.now()}.zip`);
  await zipDownload.saveAs(zipPath);
  const names = await zipEntries(zipPath);
  expect(names).toContain('Alba, Ana/informe-ana.pdf');
  expect(names.some((name) => name.startsWith('Barco, Bruno/'))).toBe(true);
  expect(names.some((name) => name.startsWith('Cano, Carla/'))).toBe(true);

  // Bruno sees 72 (80 less 10 %) and the feedback; the badge counts it until he reads it.
  await signIn(student, PEOPLE.late.email);
  const badge = student.locator('.topbar').getByRole('link', { name: /Retroalimentación/ });
  await expect(badge).toContainText('1 comentario nuevo');
  await student.goto(`/assignments/${assignmentId}`);
  await expect(student.getByText(/Calificación: 72 \/ 100/)).toBeVisible();
  await expect(student.getByText('(con 10 % de descuento por retraso)')).toBeVisible();
  await expect(student.getByText('Bien, pero entrega a tiempo.')).toBeVisible();
  await expect(async () => {
    await student.goto('/home');
    await expect(badge).not.toContainText('comentario nuevo', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await signOut(student);

  // Ana: her grade among the course's grades, and the feedback page (the grade's and the lesson's) clears her badge.
  await signIn(student, PEOPLE.onTime.email);
  await expect(badge).toContainText('2 comentarios nuevos');
  await student.goto(`/courses/${courseId}/grades`);
  await expect(student.getByRole('row', { name: new RegExp(`${TITLE}.*85 / 100`) })).toBeVisible();
  await badge.click();
  await expect(student.getByRole('heading', { name: 'Comentarios de tus tutores', level: 1 })).toBeVisible();
  await expect(student.getByText('Buen informe, faltan las conclusiones.')).toBeVisible();
  await expect(student.getByText('Repasa la lección antes del próximo informe.')).toBeVisible();
  await expect(student.getByRole('link', { name: LESSON })).toBeVisible();
  await expect(async () => {
    await student.reload();
    await expect(badge).not.toContainText('comentario nuevo', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  await tutorContext.close();
  await studentContext.close();
});
