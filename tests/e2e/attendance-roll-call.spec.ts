/**
 * Issue 32, roll call on a phone: the demo admin takes roll for "Cohorte
 * 2026-1 Cali" (twelve students, the demo's largest cohort with a staff
 * member to sign in as) in a session scheduled now, on a 390 px phone,
 * OFFLINE: everyone present by default, two absent and one late in three
 * taps, saved in one more; the marks wait on the phone, and when the
 * connection comes back they reach the server once (a replay of the same
 * marks changes nothing). It writes marks in a session of its own, on the
 * second server.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { getJson, islandsReady, KEYS, signIn } from './support/app';
import { api, violationsOn } from './support/page-api';
import { DEMO } from './support/servers';

const COHORT = 'Cohorte 2026-1 Cali';

test.use({ viewport: { width: 390, height: 844 } });

/** A cohort by name, page after page (other specs on this server add cohorts of their own). */
async function findCohort(page: Page, name: string): Promise<{ id: number }> {
  for (let number = 1; ; number += 1) {
    const cohorts = await api<{ results: { id: number; name: string }[]; next: string | null }>(page, 'GET', `/api/v2/cohorts/?page=${number}`);
    const found = cohorts.results.find((item) => item.name === name);
    if (found) return found;
    if (!cohorts.next) throw new Error(`no cohort named ${name}`);
  }
}

interface RosterRow {
  userId: number;
  name: string;
  status: string | null;
}
interface QueuedMarks {
  outbox: { userId: number; status: string; markId: string; markedAt: string }[];
}

test('a tutor takes roll offline on a phone in a few taps; back online the marks reach the server once', async ({ page, context }) => {
  await signIn(page, DEMO.admin);
  const cohort = await findCohort(page, COHORT);
  const now = Date.now();
  const session = await api<{ id: number }>(page, 'POST', '/api/v2/live-session/', {
    cohort: cohort.id,
    className: `Pasar lista e2e ${now}`,
    videoLink: 'https://meet.example.co/pasar-lista',
    duration: { minutes: 120, seconds: 0 },
    startDate: new Date(now - 10 * 60_000).toISOString(),
    endDate: new Date(now + 110 * 60_000).toISOString(),
    wasLive: true,
    kind: 'in_person',
    place: 'Sede Cali, aula 204',
  });
  const me = (await getJson<{ idUser: number }>(page, KEYS.accessData))!.idUser;
  const queueKey = `rollCallQueue:${me}:${session.id}`;

  await page.goto(`/live/${session.id}`);
  const rollCall = page.getByRole('region', { name: 'Pasar lista' });
  await expect(rollCall.getByTestId('roll-call-counts')).toHaveText('12 presentes · 0 tarde · 0 ausentes');
  await islandsReady(page);
  const group = (name: string) => rollCall.getByRole('radiogroup', { name });
  await expect(group('Obando, María José').getByRole('radio', { name: 'Presente' })).toBeChecked();

  // Phone-sized: nothing scrolls sideways, every choice is a 44 px target, and axe finds nothing.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const choice = await group('Palacios, Brayan').getByRole('radio', { name: 'Ausente' }).boundingBox();
  expect(choice!.height).toBeGreaterThanOrEqual(44);
  expect(choice!.width).toBeGreaterThanOrEqual(44);
  expect(await violationsOn(page)).toEqual([]);

  // Offline from here: the tutor's taps are counted.
  await context.setOffline(true);
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  const search = rollCall.getByRole('searchbox', { name: 'Buscar por nombre' });
  await tap(search);
  await search.pressSequentially('maria');
  await expect(rollCall.getByRole('radiogroup')).toHaveCount(1);
  await tap(group('Obando, María José').getByRole('radio', { name: 'Ausente' }));
  await search.fill('');
  await tap(group('Palacios, Brayan').getByRole('radio', { name: 'Ausente' }));
  await tap(group('Valencia, Jhon').getByRole('radio', { name: 'Tarde' }));
  await expect(rollCall.getByTestId('roll-call-counts')).toHaveText('9 presentes · 1 tarde · 2 ausentes');
  await tap(rollCall.getByRole('button', { name: 'Guardar lista' }));
  await expect(rollCall.getByRole('status')).toHaveText('Sin conexión: 12 marcas guardadas en este teléfono; se enviarán al volver la conexión');
  expect(taps).toBeLessThanOrEqual(5);
  const queued = (await getJson<QueuedMarks>(page, queueKey))!;
  expect(queued.outbox).toHaveLength(12);

  // Back online: sent by itself, the queue emptied after the server's answer.
  await context.setOffline(false);
  await expect(rollCall.getByRole('status')).toHaveText('Lista guardada: 12 cambios');
  await expect.poll(() => getJson(page, queueKey)).toBeNull();

  // On the server once: the three exceptions, everyone else present.
  const roster = await api<RosterRow[]>(page, 'GET', `/api/v2/live-session/${session.id}/attendance/`);
  expect(roster).toHaveLength(12);
  const statusOf = Object.fromEntries(roster.map((row) => [row.name, row.status]));
  expect(statusOf).toMatchObject({ 'Obando, María José': 'absent', 'Palacios, Brayan': 'absent', 'Valencia, Jhon': 'late' });
  expect(roster.filter((row) => row.status === 'present')).toHaveLength(9);

  // The same marks sent again (a second tab, a lost answer) change nothing.
  const replay = await api<{ changed: number }>(page, 'PUT', `/api/v2/live-session/${session.id}/attendance/`, { marks: queued.outbox });
  expect(replay.changed).toBe(0);

  // A reload shows what the server keeps, with nothing left to save.
  await page.reload();
  await expect(rollCall.getByTestId('roll-call-counts')).toHaveText('9 presentes · 1 tarde · 2 ausentes');
  await islandsReady(page);
  await expect(group('Valencia, Jhon').getByRole('radio', { name: 'Tarde' })).toBeChecked();
  await expect(rollCall.getByRole('button', { name: 'Guardar lista' })).toBeDisabled();
});
