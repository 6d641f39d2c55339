/**
 * Issue 32, QR check-in and excuses, on a 390 px phone: the admin of the
 * demo's Cali cohort schedules an in-person class that is on now (through
 * the API), and its page shows the code that changes every 30 seconds. One
 * student opens the class's link with the code, as the phone's camera does
 * with the QR, and is marked present; another types the first code once the
 * screen has shown two newer ones and is refused, sends an excuse with a
 * file instead, the admin accepts it, and the roster says excused. It
 * writes attendance in the Cali cohort, to its own class: it runs on the
 * second server.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { islandsReady, signIn } from './support/app';
import { api, violationsOn } from './support/page-api';
import { DEMO } from './support/servers';

test.use({ viewport: { width: 390, height: 844 } });

const COHORT = 'Cohorte 2026-1 Cali';
const PRESENT = { email: 'cali01@senda.test', name: 'Mosquera, Andrés' };
const LATE_COMER = { email: 'cali02@senda.test', name: 'Caicedo, Luisa' };
const STALE_CODE_REFUSED = 'El código no es válido o ya cambió. Escanea el código que se ve ahora en la pantalla.';

/** Whether the page is no wider than the phone (nothing scrolls sideways). */
const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** The Cali cohort's id, looked for page by page (other specs add cohorts on this server). */
async function caliCohortId(admin: Page): Promise<number> {
  for (let page = 1; ; page += 1) {
    const cohorts = await api<{ results: { id: number; name: string }[]; next: string | null }>(admin, 'GET', `/api/v2/cohorts/?page=${page}`);
    const found = cohorts.results.find((cohort) => cohort.name === COHORT);
    if (found) return found.id;
    if (!cohorts.next) throw new Error(`no cohort named ${COHORT}`);
  }
}

const statusOf = async (admin: Page, sessionId: number, email: string) =>
  (await api<{ email: string; status: string | null }[]>(admin, 'GET', `/api/v2/live-session/${sessionId}/attendance/`)).find((row) => row.email === email)?.status;

let admin: Page;
let sessionId: number;

test.beforeAll(async ({ browser }) => {
  // An in-person class that started five minutes ago and lasts two hours: check-in is open, and no one is late yet.
  admin = await signedIn(browser, DEMO.admin);
  const startsAt = Date.now() - 5 * 60_000;
  const session = await api<{ id: number }>(admin, 'POST', '/api/v2/live-session/', {
    cohort: await caliCohortId(admin),
    className: `Taller presencial con QR ${startsAt}`,
    videoLink: 'https://meet.example.co/taller-qr',
    duration: { minutes: 120, seconds: 0 },
    startDate: new Date(startsAt).toISOString(),
    endDate: new Date(startsAt + 120 * 60_000).toISOString(),
    wasLive: true,
    kind: 'in_person',
    place: 'Aula 2',
  });
  sessionId = session.id;
});

test.afterAll(async () => {
  await admin?.context().close();
});

test('a student checks in with the code of the QR, a stale code is refused, and an excuse sent instead is accepted', async ({ browser }) => {
  // Two code changes (up to 60 s) are waited for on top of three sign-ins.
  test.setTimeout(180_000);
  const present = await signedIn(browser, PRESENT.email);
  const lateComer = await signedIn(browser, LATE_COMER.email);

  // The admin's screen: the QR and the six digits, and a full screen to project them.
  await admin.goto(`/live/${sessionId}`);
  await islandsReady(admin);
  const screen = admin.getByRole('region', { name: 'Código para registrar asistencia' });
  await expect(screen.getByRole('img', { name: 'Código QR para registrar asistencia en esta clase' })).toBeVisible();
  const codeOnScreen = screen.getByTestId('check-in-code');
  await expect(codeOnScreen).toHaveText(/^\d{6}$/);
  await expect(screen.getByText(/^Cambia en \d+ segundos?$/)).toBeVisible();
  expect(await fitsThePhone(admin)).toBe(true);
  await screen.getByRole('button', { name: 'Pantalla completa' }).click();
  await expect(screen.getByRole('button', { name: 'Salir de pantalla completa' })).toBeVisible();
  await screen.getByRole('button', { name: 'Salir de pantalla completa' }).click();
  await expect(screen.getByRole('button', { name: 'Pantalla completa' })).toBeVisible();
  const firstCode = (await codeOnScreen.textContent())!;

  // Andrés's camera opens the class's link with the code: he is checked in by itself, and the code leaves the address.
  await present.goto(`/live/${sessionId}?code=${firstCode}`);
  const checkIn = present.getByRole('region', { name: 'Registrar mi asistencia' });
  await expect(checkIn.getByRole('status')).toHaveText('Asistencia registrada: Presente');
  await expect(present.getByTestId('my-status')).toHaveText('Estado: Presente');
  await expect(present).toHaveURL(new RegExp(`/live/${sessionId}$`));
  expect(await statusOf(admin, sessionId, PRESENT.email)).toBe('present');
  expect(await fitsThePhone(present)).toBe(true);

  // Luisa keeps the first code (a photo of the screen) until the screen has shown two newer ones.
  await lateComer.goto(`/live/${sessionId}`);
  await islandsReady(lateComer);
  const codes = [firstCode];
  await expect
    .poll(
      async () => {
        const shown = (await codeOnScreen.textContent()) ?? '';
        if (/^\d{6}$/.test(shown) && shown !== codes.at(-1)) codes.push(shown);
        return codes.length;
      },
      { timeout: 75_000, intervals: [500] },
    )
    .toBe(3);
  const typed = lateComer.getByRole('region', { name: 'Registrar mi asistencia' });
  await typed.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(firstCode);
  await typed.getByRole('button', { name: 'Registrar asistencia' }).click();
  await expect(typed.getByRole('alert')).toHaveText(STALE_CODE_REFUSED);
  await expect(lateComer.getByTestId('my-status')).toHaveText('Estado: Sin registro');
  expect(await statusOf(admin, sessionId, LATE_COMER.email)).toBeNull();

  // She sends an excuse with a small PDF instead.
  const excuse = lateComer.getByRole('region', { name: 'Enviar una excusa' });
  await excuse.getByRole('textbox', { name: 'Motivo' }).fill('Llegué tarde por una cita médica; adjunto la constancia.');
  await excuse.getByLabel('Soporte (opcional)').setInputFiles({ name: 'constancia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
  await excuse.getByRole('button', { name: 'Enviar excusa' }).click();
  const mine = excuse.getByTestId('my-excuse');
  await expect(mine.getByText('Pendiente de revisión', { exact: true })).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Descargar el soporte «constancia.pdf»' })).toBeVisible();
  expect(await fitsThePhone(lateComer)).toBe(true);
  expect(await violationsOn(lateComer)).toEqual([]);

  // The admin reads it, with its file, and accepts it with a note.
  const review = admin.getByRole('region', { name: 'Excusas' });
  await review.getByRole('button', { name: 'Actualizar las excusas' }).click();
  const item = review.getByRole('listitem').filter({ hasText: LATE_COMER.name });
  await expect(item.getByText('Llegué tarde por una cita médica; adjunto la constancia.')).toBeVisible();
  await expect(item.getByRole('link', { name: `Descargar el soporte de ${LATE_COMER.name}: constancia.pdf` })).toBeVisible();
  await item.getByRole('textbox', { name: `Nota para ${LATE_COMER.name} (opcional)` }).fill('Constancia médica válida');
  await item.getByRole('button', { name: `Aceptar la excusa de ${LATE_COMER.name}` }).click();
  await expect(item.getByText('Aceptada', { exact: true })).toBeVisible();
  expect(await fitsThePhone(admin)).toBe(true);
  expect(await violationsOn(admin)).toEqual([]);

  // The roster says excused; Luisa sees it, and her excuse can no longer be changed.
  expect(await statusOf(admin, sessionId, LATE_COMER.email)).toBe('excused');
  expect(await statusOf(admin, sessionId, PRESENT.email)).toBe('present');
  await lateComer.reload();
  await expect(lateComer.getByTestId('my-status')).toHaveText('Estado: Excusado');
  await expect(excuse.getByTestId('my-excuse').getByText('Aceptada', { exact: true })).toBeVisible();
  await expect(excuse.getByText('Nota de la revisión: Constancia médica válida')).toBeVisible();
  await expect(excuse.getByRole('button', { name: 'Reemplazar mi excusa' })).toHaveCount(0);

  await present.context().close();
  await lateComer.context().close();
});
