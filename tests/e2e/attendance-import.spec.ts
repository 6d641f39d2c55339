/**
 * Issue 32, online minutes on a 390 px phone: the admin (staff of "Cohorte
 * 2026-1 Cali", students cali01..cali12) holds the program to 80 % present
 * and 50 % late through its thresholds form, imports the Zoom participant
 * report of an online class that ended an hour ago, sees the unknown e-mail
 * as an unmatched row before saving, saves with a reason, and the roster on
 * the server has exactly the right people present, late and absent with
 * their minutes (the change audited). Then a class scheduled through the
 * form as "Presencial" keeps its place. It writes to the Cali cohort's own
 * fresh sessions only: it runs on the second server.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandsReady, signIn } from './support/app';
import { api, violationsOn } from './support/page-api';
import { DEMO } from './support/servers';

test.use({ viewport: { width: 390, height: 844 } });

const COHORT = 'Cohorte 2026-1 Cali';
const HOUR_MS = 3_600_000;

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Zoom's "Meeting participants" export (its meeting header above, as tests/fixtures/participant-reports/zoom-participants.csv). */
const zoomReport = (rows: [name: string, email: string, minutes: number][]) =>
  [
    'Meeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants',
    `812 3456 7890,Clase en línea,01/01/2030 09:00:00 AM,01/01/2030 10:00:00 AM,admin@senda.test,60,${rows.length}`,
    '',
    'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,In Waiting Room',
    ...rows.map(([name, email, minutes]) => `${name},${email},01/01/2030 09:00:00 AM,01/01/2030 10:00:00 AM,${minutes},No,No`),
    '',
  ].join('\n');

interface RosterRow {
  email: string;
  status: string | null;
  minutes: number | null;
}

test('a Zoom report marks the right Cali students, after a preview that shows the unmatched row; a class scheduled in person keeps its place', async ({ page }) => {
  await signIn(page, DEMO.admin);
  let cali: { id: number; name: string; programId: number | null } | undefined;
  for (let number = 1; !cali; number += 1) {
    const cohorts = await api<{ next: string | null; results: { id: number; name: string; programId: number | null }[] }>(page, 'GET', `/api/v2/cohorts/?page=${number}`);
    cali = cohorts.results.find((cohort) => cohort.name === COHORT);
    if (!cohorts.next) break;
  }
  expect(cali?.programId).toBeTruthy();
  if (!cali) return;

  // The program's thresholds, by its form: the server's refusal beside the field, then saved.
  await page.goto(`/admin/programs/${cali.programId}`);
  await islandsReady(page);
  // The section's island wakes when it is scrolled into view.
  await page.getByRole('region', { name: 'Asistencia' }).scrollIntoViewIfNeeded();
  const thresholds = page.getByRole('form', { name: 'Umbrales de asistencia del programa' });
  await thresholds.getByLabel('Presente desde (% de la clase)').fill('80');
  await thresholds.getByLabel('Tarde desde (% de la clase)').fill('90');
  await thresholds.getByRole('button', { name: 'Guardar umbrales' }).click();
  await expect(thresholds.getByText('El porcentaje para tarde no puede superar el de presente')).toBeVisible();
  await thresholds.getByLabel('Tarde desde (% de la clase)').fill('50');
  await thresholds.getByRole('button', { name: 'Guardar umbrales' }).click();
  await expect(thresholds.getByRole('status')).toHaveText('Guardamos los umbrales de asistencia.');
  expect(await violationsOn(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await api(page, 'GET', `/api/v2/programs/${cali.programId}/attendance-settings/`)).toMatchObject({ presentPercent: 80, latePercent: 50 });

  // An online class of 60 minutes that ended an hour ago.
  const startsAt = new Date(Date.now() - 2 * HOUR_MS);
  const session = await api<{ id: number }>(page, 'POST', '/api/v2/live-session/', {
    cohort: cali.id,
    className: `Clase en línea importada ${Date.now()}`,
    videoLink: 'https://zoom.example.co/j/812345',
    duration: { minutes: 60, seconds: 0 },
    startDate: startsAt.toISOString(),
    endDate: new Date(startsAt.getTime() + HOUR_MS).toISOString(),
    wasLive: true,
    kind: 'online',
  });

  await page.goto(`/live/${session.id}`);
  await islandsReady(page);
  const importSection = page.getByRole('region', { name: 'Importar el reporte de participantes' });
  await importSection.getByLabel('Reporte de participantes (CSV)').setInputFiles({
    name: 'participantes-zoom.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      zoomReport([
        ['Admin Senda', 'admin@senda.test', 62],
        ['Estudiante Uno', 'cali01@senda.test', 60],
        ['Estudiante Dos', 'CALI02@senda.test', 35],
        ['Estudiante Tres', 'cali03@senda.test', 20],
        ['Estudiante Cuatro', 'cali04@senda.test', 30],
        ['Cuatro (celular) (Estudiante Cuatro)', 'cali04@senda.test', 25],
        ['Invitada Externa', 'externa.desconocida@gmail.com', 45],
      ]),
    ),
  });

  // The preview: recognised as Zoom's, the unmatched rows first and explained, nothing saved yet.
  await expect(importSection.getByText('Reporte de Zoom · la clase dura 60 minutos')).toBeVisible();
  const unmatched = importSection.getByRole('region', { name: '2 filas sin coincidencia' });
  await expect(unmatched).toContainText('Ningún estudiante de la cohorte tiene estos correos');
  await expect(unmatched.getByRole('row', { name: /externa\.desconocida@gmail\.com/ })).toContainText('45');
  await expect(unmatched.getByRole('row', { name: /admin@senda\.test/ })).toContainText('62');
  const matched = importSection.getByRole('region', { name: '4 estudiantes reconocidos' });
  await expect(matched.getByRole('row', { name: /cali01@senda\.test/ })).toContainText('60Presente');
  await expect(matched.getByRole('row', { name: /cali02@senda\.test/ })).toContainText('35Tarde');
  await expect(matched.getByRole('row', { name: /cali03@senda\.test/ })).toContainText('20Ausente');
  await expect(matched.getByRole('row', { name: /cali04@senda\.test/ })).toContainText('55Presente');
  await expect(importSection.getByRole('region', { name: /estudiantes no aparecen en el reporte: se marcarán ausentes$/ })).toContainText('cali05@senda.test');
  expect((await api<RosterRow[]>(page, 'GET', `/api/v2/live-session/${session.id}/attendance/`)).filter((row) => row.status !== null)).toEqual([]);
  expect(await violationsOn(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);

  // Saved with a reason: the class is over, so the change is audited.
  await importSection.getByLabel('Motivo del cambio (opcional)').fill('Reporte de Zoom de la clase');
  await importSection.getByRole('button', { name: 'Guardar asistencia' }).click();
  await expect(importSection.getByRole('status')).toContainText(/^\d+ cambios guardados/);

  const roster = await api<RosterRow[]>(page, 'GET', `/api/v2/live-session/${session.id}/attendance/`);
  const named: Record<string, { status: string; minutes: number }> = {
    'cali01@senda.test': { status: 'present', minutes: 60 },
    'cali02@senda.test': { status: 'late', minutes: 35 },
    'cali03@senda.test': { status: 'absent', minutes: 20 },
    'cali04@senda.test': { status: 'present', minutes: 55 },
  };
  expect(roster.length).toBeGreaterThanOrEqual(12);
  for (const row of roster) expect({ email: row.email, status: row.status, minutes: row.minutes }).toEqual({ email: row.email, ...(named[row.email] ?? { status: 'absent', minutes: 0 }) });
  expect(roster.map((row) => row.email)).not.toContain('externa.desconocida@gmail.com');

  // The audit shows who changed what and why, without reloading the page.
  const audit = page.getByRole('region', { name: 'Cambios después de la clase' });
  await audit.scrollIntoViewIfNeeded();
  const cali02 = audit.getByRole('row').filter({ hasText: 'Tarde' }).filter({ hasText: '— → 35' });
  await expect(cali02).toHaveCount(1);
  await expect(cali02).toContainText('Sin registro → Tarde');
  await expect(cali02).toContainText('Reporte de Zoom de la clase');
  expect(await scrollsSideways(page)).toBe(false);

  // A class scheduled through the form as in person, with its place.
  const className = `Taller presencial ${Date.now()}`;
  // In three hours, as the form's Bogotá wall clock reads it (Colombia keeps UTC−5): the soonest classes lead the list.
  const bogotaLocal = (instant: number) => new Date(instant - 5 * HOUR_MS).toISOString().slice(0, 16);
  const start = Math.ceil((Date.now() + 3 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  await page.goto('/live');
  await islandsReady(page);
  const form = page.getByRole('form', { name: 'Programar una clase' });
  await form.getByLabel('Cohorte').selectOption({ label: COHORT });
  await form.getByLabel('Nombre de la clase').fill(className);
  await form.getByLabel('Link del video').fill('https://meet.example.co/taller');
  await form.getByLabel('Minutos').fill('120');
  await form.getByLabel(/^Fecha de inicio/).fill(bogotaLocal(start));
  await form.getByLabel(/^Fecha de fin/).fill(bogotaLocal(start + 2 * HOUR_MS));
  await form.getByLabel('Tipo de clase').selectOption({ label: 'Presencial' });
  await form.getByLabel(/^Lugar/).fill('Sede Cali, aula 301');
  await form.getByLabel(/^Horas planeadas/).fill('1,5');
  expect(await violationsOn(page)).toEqual([]);
  await form.getByRole('button', { name: 'Programar' }).click();
  await expect(page.getByRole('heading', { name: className })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);

  const upcoming = await api<{ results: { id: number; className: string; kind: string; place: string | null; plannedHours: number }[] }>(page, 'GET', `/api/v2/live-session/?cohort=${cali.id}&page=1`);
  const saved = upcoming.results.find((item) => item.className === className)!;
  expect(saved).toMatchObject({ kind: 'in_person', place: 'Sede Cali, aula 301', plannedHours: 1.5 });
  await page.goto(`/live/${saved.id}`);
  const facts = page.getByRole('list', { name: 'Datos de la clase' });
  await expect(facts).toContainText('Presencial');
  await expect(facts).toContainText('Lugar: Sede Cali, aula 301');
});
