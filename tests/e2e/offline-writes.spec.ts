/**
 * Issue 34, done means (the writes): on a phone, with the pages already open,
 * the connection drops; a student writes a forum reply and submits an
 * assignment with a PDF, and a second assignment whose refuse-late due date
 * passes meanwhile. Each page says the write is kept on the device and the
 * header lists what waits. The connection returns: the reply and the
 * submission arrive once each, the late one is explained (the server's words,
 * the text to copy, a way to discard it). Another person signing in on that
 * browser sees nothing of it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { acceptTerms, hydrated, signIn, thisServer } from './support/app';
import { api, violationsOn } from './support/page-api';
import { DEMO, DEMO_PASSWORD, runCli } from './support/servers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PEOPLE = {
  ana: { email: 'ana.sinconexion.e2e@senda.test', first: 'Ana', last: 'Sinconexión' },
  beto: { email: 'beto.sinconexion.e2e@senda.test', first: 'Beto', last: 'Prestado' },
};
const DAY_MS = 24 * 3600 * 1000;

/** Its own course, cohort, forum thread and two assignments (one refusing late work), for Ana and Beto. */
async function setUp(admin: Page) {
  for (const person of Object.values(PEOPLE)) {
    await runCli(thisServer(), ['create-user', '--email', person.email, '--password', DEMO_PASSWORD, '--first-name', person.first, '--last-name', person.last]);
  }
  await signIn(admin, DEMO.admin);
  const paths = await api<{ results: { id: number }[] }>(admin, 'GET', '/api/v2/learning-paths/');
  const program = await api<{ id: number }>(admin, 'POST', '/api/v2/programs/', { name: 'Programa sin conexión', description: '' });
  const course = await api<{ id: number }>(admin, 'POST', '/api/v2/courses/', { programId: program.id, name: 'Curso para el bus' });
  const cohort = await api<{ id: number }>(admin, 'POST', '/api/v2/cohorts/', { learningPathId: paths.results[0]!.id, programId: program.id, name: 'Cohorte sin conexión' });
  await api(admin, 'POST', `/api/v2/cohorts/${cohort.id}/content/courses/${course.id}/release/`, {});
  const idOf = async (email: string) => (await api<{ results: { id: number }[] }>(admin, 'GET', `/api/v2/users/?search=${encodeURIComponent(email)}`)).results[0]!.id;
  await api(admin, 'POST', `/api/v2/cohorts/${cohort.id}/assign_users/`, { users: [{ userId: await idOf(PEOPLE.ana.email), role_id: 1 }, { userId: await idOf(PEOPLE.beto.email), role_id: 1 }] });
  const forum = await api<{ id: number }>(admin, 'POST', '/api/v2/forums/', { cohort: cohort.id, title: 'Foro sin conexión' });
  const thread = await api<{ id: number }>(admin, 'POST', `/api/v2/forums/${forum.id}/threads/`, { title: 'Dudas del taller', body: 'Escriban aquí sus dudas.' });
  const dueAt = new Date(Date.now() + 2 * DAY_MS).toISOString();
  const report = await api<{ id: number }>(admin, 'POST', '/api/v2/assignments/', { courseId: course.id, title: 'Informe del taller', activityType: 'practical', published: true, dueAt, submissionTypes: ['file', 'text'] });
  const strict = await api<{ id: number }>(admin, 'POST', '/api/v2/assignments/', { courseId: course.id, title: 'Entrega sin prórroga', activityType: 'practical', published: true, dueAt, latePolicy: { mode: 'refuse' }, submissionTypes: ['text'] });
  return { threadId: thread.id, reportId: report.id, strictId: strict.id };
}

async function phoneOf(browser: Browser) {
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CO', timezoneId: 'America/Bogota' });
}

test('writes made offline wait on the device, arrive once when the connection returns, a late one is explained, and another person sees none of them', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const { threadId, reportId, strictId } = await setUp(admin);

  // Ana, on her phone, opens the thread and both assignments while she still has a connection.
  const phone = await phoneOf(browser);
  const thread = await phone.newPage();
  await signIn(thread, PEOPLE.ana.email, { acceptTerms: false });
  await acceptTerms(thread);
  await thread.goto(`/forums/threads/${threadId}`);
  const commentForm = thread.getByRole('form', { name: 'Escribe un comentario' });
  await hydrated(thread, commentForm);
  const report = await phone.newPage();
  await report.goto(`/assignments/${reportId}`);
  const reportForm = report.getByRole('form', { name: 'Entregar' });
  await hydrated(report, reportForm);
  const strict = await phone.newPage();
  await strict.goto(`/assignments/${strictId}`);
  const strictForm = strict.getByRole('form', { name: 'Entregar' });
  await hydrated(strict, strictForm);

  await phone.setOffline(true);

  // The reply: kept on the phone, and the page says so.
  await commentForm.getByLabel('Mensaje').fill('Lo escribí en el bus, sin señal.');
  await commentForm.getByRole('button', { name: 'Comentar' }).click();
  await expect(thread.getByRole('status').filter({ hasText: 'Guardado en este dispositivo; se enviará al volver la conexión.' }).first()).toBeVisible();
  await expect(commentForm.getByLabel('Mensaje')).toHaveValue('');

  // The submission with its PDF.
  await reportForm.getByRole('textbox', { name: 'Texto' }).fill('Mis mediciones del taller.');
  await reportForm.getByLabel('Archivos').setInputFiles({ name: 'mediciones.pdf', mimeType: 'application/pdf', buffer: PDF });
  await reportForm.getByRole('button', { name: 'Entregar' }).click();
  await expect(reportForm.getByRole('status')).toHaveText('Guardado en este dispositivo; se enviará al volver la conexión.');

  // The strict assignment: submitted offline in time, but its due date passes before the connection returns.
  await strictForm.getByRole('textbox', { name: 'Texto' }).fill('Mi respuesta a tiempo, escrita sin conexión.');
  await strictForm.getByRole('button', { name: 'Entregar' }).click();
  await expect(strictForm.getByRole('status')).toHaveText('Guardado en este dispositivo; se enviará al volver la conexión.');
  await api(admin, 'PATCH', `/api/v2/assignments/${strictId}/`, { dueAt: new Date(Date.now() - 60_000).toISOString() });

  // The header lists the three, waiting for the connection; the list passes axe on a 390 px screen.
  const toggle = strict.getByRole('button', { name: '3 escritos pendientes de enviar' });
  await expect(toggle).toBeVisible();
  await toggle.click();
  const list = strict.getByRole('region', { name: 'Pendiente de enviar' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('status')).toHaveText('3 esperan la conexión para enviarse.');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(0)).toContainText('Respuesta en el foro: Dudas del taller');
  await expect(list.getByRole('listitem').nth(1)).toContainText('1 archivo: mediciones.pdf');
  const box = await list.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await violationsOn(strict)).toEqual([]);

  // Back online: the line goes, in order; the reply shows in the thread, the report in the history.
  await phone.setOffline(false);
  await expect(thread.getByRole('article', { name: 'comentario de Ana Sinconexión' })).toContainText('Lo escribí en el bus, sin señal.');
  await expect(report.getByText('Entrega 1')).toBeVisible();
  // The late one is explained, with the text to copy and a way to discard it.
  await expect(list.getByRole('status')).toHaveText('1 no se pudo enviar: abajo dice por qué.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const refused = list.getByRole('listitem').first();
  await expect(refused).toContainText('No se envió. La fecha de entrega ya pasó y esta tarea no recibe entregas tarde.');
  await expect(refused.getByRole('textbox', { name: 'Tu texto (puedes copiarlo)' })).toHaveValue('Mi respuesta a tiempo, escrita sin conexión.');
  await expect(refused.getByRole('button', { name: 'Descartar' })).toBeVisible();
  expect(await violationsOn(strict)).toEqual([]);

  // On the server: each write once.
  const comments = await api<{ results: { bodyHtml: string; author: { name: string } | null }[] }>(admin, 'GET', `/api/v2/comments/?thread=${threadId}`);
  expect(comments.results.map((comment) => [comment.author?.name, comment.bodyHtml.trim()])).toEqual([['Ana Sinconexión', '<p>Lo escribí en el bus, sin señal.</p>']]);
  const own = await api<{ results: { number: number; text: string | null; files: { name: string }[] }[] }>(report, 'GET', `/api/v2/assignments/${reportId}/submissions/`);
  expect(own.results.map((item) => ({ number: item.number, text: item.text, files: item.files.map((file) => file.name) }))).toEqual([{ number: 1, text: 'Mis mediciones del taller.', files: ['mediciones.pdf'] }]);
  const strictOwn = await api<{ results: unknown[] }>(report, 'GET', `/api/v2/assignments/${strictId}/submissions/`);
  expect(strictOwn.results).toEqual([]);

  // Beto borrows the phone: Ana's refused write stays hers; he neither sees nor sends it.
  await thread.close();
  await report.close();
  await strict.keyboard.press('Escape');
  await strict.getByRole('button', { name: 'Cuenta de Ana Sinconexión' }).click();
  await strict.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(strict).toHaveURL(/\/signin$/);
  const borrowed = await phone.newPage();
  await signIn(borrowed, PEOPLE.beto.email, { acceptTerms: false });
  await acceptTerms(borrowed);
  // The list was loaded (the browser holds a queue) and read for Beto: nothing of his, so nothing shown.
  await expect(borrowed.locator('[data-outbox-label]')).toHaveText('0 escritos pendientes de enviar');
  await expect(borrowed.locator('[data-outbox]')).toBeHidden();
  await borrowed.goto(`/assignments/${reportId}`);
  await hydrated(borrowed, borrowed.getByRole('form', { name: 'Entregar' }));
  await expect(borrowed.locator('[data-outbox-label]')).toHaveText('0 escritos pendientes de enviar');
  await expect(borrowed.locator('[data-outbox]')).toBeHidden();
  await expect(borrowed.getByText('Mi respuesta a tiempo, escrita sin conexión.')).toHaveCount(0);
  expect((await api<{ results: unknown[] }>(borrowed, 'GET', `/api/v2/assignments/${strictId}/submissions/`)).results).toEqual([]);

  // Ana signs in again: her refused write is still hers to read, and she discards it from the keyboard.
  await borrowed.getByRole('button', { name: 'Cuenta de Beto Prestado' }).click();
  await borrowed.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(borrowed).toHaveURL(/\/signin$/);
  await signIn(borrowed, PEOPLE.ana.email);
  const again = borrowed.getByRole('button', { name: '1 escrito pendiente de enviar' });
  await expect(again).toBeVisible();
  await again.focus();
  await borrowed.keyboard.press('Enter');
  const mine = borrowed.getByRole('region', { name: 'Pendiente de enviar' });
  await expect(mine.getByRole('listitem')).toContainText('La fecha de entrega ya pasó');
  borrowed.once('dialog', (dialog) => void dialog.accept());
  await mine.getByRole('button', { name: 'Descartar' }).focus();
  await borrowed.keyboard.press('Enter');
  await expect(borrowed.locator('[data-outbox]')).toBeHidden();

  await phone.close();
  await adminContext.close();
});
