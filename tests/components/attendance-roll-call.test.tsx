/**
 * The roll call as a tutor meets it on a phone (issue 32): the roster with
 * everyone unrecorded present by default, one tap per exception, a search
 * that ignores accents, one PUT with every mark's id, and marks kept on the
 * device while offline, sent once when the connection is back, and never
 * shown to or sent by another person signed in on the same phone.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import RollCall from '~/islands/attendance/RollCall';
import { $attendanceChanges, markAttendanceChanged } from '~/islands/attendance/attendance-changes';
import type { RosterRow } from '~/lib/shared/schemas/attendance';
import { apiError, fakeApi, gate, json } from './support/fake-api';

const messages = pickMessages('es', ['common.', 'admin.common.', 'attendance.', 'validation.']);
const ROSTER_ROUTE = 'GET /api/v2/live-session/70/attendance/';
const SAVE_ROUTE = 'PUT /api/v2/live-session/70/attendance/';
const QUEUE_KEY = 'rollCallQueue:5:70';

const rowOf = (userId: number, name: string, overrides: Partial<RosterRow> = {}): RosterRow => ({
  userId,
  name,
  email: `e${userId}@senda.test`,
  status: null,
  minutes: null,
  note: null,
  markedBy: null,
  markedAt: null,
  firstJoinedAt: null,
  lastJoinedAt: null,
  joins: 0,
  excuse: null,
  ...overrides,
});
const roster = [rowOf(21, 'Gómez, Mateo'), rowOf(22, 'Pérez, María'), rowOf(23, 'Rojas, Camila', { status: 'late', markedAt: '2026-03-01T15:05:00Z' })];

interface SentBody {
  marks: { userId: number; status: string; markId: string; markedAt: string }[];
  reason?: string;
}

/** The API with the roster, and a roll call that applies the marks it gets (counting what changed, as the server does). */
function fakeRoster(rows: RosterRow[] = roster) {
  const api = fakeApi({ typeUser: 'staff', idUser: 5 });
  const sent: SentBody[] = [];
  const seen = new Set<string>();
  let current = rows;
  api.on(ROSTER_ROUTE, () => json(current));
  api.on(SAVE_ROUTE, async (request) => {
    const body = (await request.json()) as SentBody;
    sent.push(body);
    let changed = 0;
    for (const mark of body.marks) {
      if (seen.has(mark.markId)) continue;
      seen.add(mark.markId);
      current = current.map((row) => (row.userId === mark.userId && row.status !== mark.status ? (changed++, { ...row, status: mark.status as RosterRow['status'] }) : row));
    }
    return json({ changed, roster: current });
  });
  return { api, sent, saves: () => api.calls.filter((call) => call === SAVE_ROUTE).length };
}

const ONGOING = '2099-01-01T00:00:00Z';
const renderRollCall = (props: { userId?: number; endsAt?: string; rows?: RosterRow[] } = {}) =>
  render(
    <RollCall
      lang="es"
      messages={messages}
      sessionId={70}
      userId={props.userId ?? 5}
      endsAt={props.endsAt ?? ONGOING}
      {...(props.rows ? { initial: { roster: props.rows, readAt: '2026-03-01T15:00:00Z' } } : {})}
    />,
  );

const groupOf = (name: string) => screen.getByRole('radiogroup', { name });
const statusOf = (name: string) => (within(groupOf(name)).getAllByRole('radio') as HTMLInputElement[]).find((radio) => radio.checked)?.getAttribute('aria-label');
const counts = () => screen.getByTestId('roll-call-counts').textContent;
const setOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
afterEach(() => setOnline(true));

describe('RollCall', () => {
  it('shows loading, then the roster with everyone unrecorded present by default and the counts on top', async () => {
    const { api } = fakeRoster();
    const answer = gate();
    api.on(ROSTER_ROUTE, async () => {
      await answer.opened;
      return json(roster);
    });
    renderRollCall();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    expect(await screen.findByRole('radiogroup', { name: 'Gómez, Mateo' })).toBeTruthy();
    expect(statusOf('Gómez, Mateo')).toBe('Presente');
    expect(statusOf('Pérez, María')).toBe('Presente');
    expect(statusOf('Rojas, Camila')).toBe('Tarde');
    expect(counts()).toBe('2 presentes · 1 tarde · 0 ausentes');
    expect(screen.getByText('2 estudiantes sin marcar quedan como presentes al guardar.')).toBeTruthy();
  });

  it('says when the cohort has no students', async () => {
    fakeRoster([]);
    renderRollCall();
    expect(await screen.findByText('Esta cohorte aún no tiene estudiantes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar lista' })).toBeNull();
  });

  it('says why the roster could not be read, and reads it again on retry', async () => {
    const { api } = fakeRoster();
    api.on(ROSTER_ROUTE, () => apiError(404, 'not_found', 'La sesión no existe.'));
    renderRollCall();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La sesión no existe.');
    api.on(ROSTER_ROUTE, () => json(roster));
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('radiogroup', { name: 'Pérez, María' })).toBeTruthy();
  });

  it('marks a student absent with one tap, and finds "María" when searching "maria"', async () => {
    fakeRoster();
    renderRollCall({ rows: roster });
    await userEvent.click(within(groupOf('Pérez, María')).getByRole('radio', { name: 'Ausente' }));
    expect(statusOf('Pérez, María')).toBe('Ausente');
    expect(counts()).toBe('1 presente · 1 tarde · 1 ausente');
    expect(screen.getByText('1 cambio sin guardar')).toBeTruthy();
    // Tapping back to what it was undoes the change.
    await userEvent.click(within(groupOf('Pérez, María')).getByRole('radio', { name: 'Presente' }));
    expect(screen.queryByText('1 cambio sin guardar')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nombre' }), 'maria');
    expect(screen.getAllByRole('radiogroup')).toHaveLength(1);
    expect(screen.getByRole('radiogroup', { name: 'Pérez, María' })).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar por nombre' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nombre' }), 'zz');
    expect(screen.getByText('Nadie en la lista con ese nombre.')).toBeTruthy();
  });

  it('saves every mark in one PUT, each with its own id and time, and says how many changed', async () => {
    const { sent, saves } = fakeRoster();
    renderRollCall({ rows: roster });
    await userEvent.click(within(groupOf('Gómez, Mateo')).getByRole('radio', { name: 'Ausente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    expect(await screen.findByText('Lista guardada: 2 cambios')).toBeTruthy();
    expect(saves()).toBe(1);
    expect(sent[0]!.marks.map(({ userId, status }) => [userId, status]).sort()).toEqual([
      [21, 'absent'],
      [22, 'present'],
    ]);
    for (const mark of sent[0]!.marks) {
      expect(mark.markId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(mark.markedAt))).toBe(false);
    }
    // The unmarked student's default is as old as the roster the tutor saw.
    expect(sent[0]!.marks.find((mark) => mark.userId === 22)!.markedAt).toBe('2026-03-01T15:00:00Z');
    expect(sent[0]!.reason).toBeUndefined();
    expect(window.localStorage.getItem(QUEUE_KEY)).toBeNull();
    // Everyone is recorded now: nothing left to save.
    expect((screen.getByRole('button', { name: 'Guardar lista' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the marks on the phone while offline, says so, and sends them once when the connection is back', async () => {
    const { sent, saves } = fakeRoster();
    renderRollCall({ rows: roster });
    setOnline(false);
    await userEvent.click(within(groupOf('Gómez, Mateo')).getByRole('radio', { name: 'Ausente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    expect(await screen.findByText('Sin conexión: 2 marcas guardadas en este teléfono; se enviarán al volver la conexión')).toBeTruthy();
    expect(saves()).toBe(0);
    expect(JSON.parse(window.localStorage.getItem(QUEUE_KEY)!).outbox).toHaveLength(2);
    // What waits is shown, not the server's old status.
    expect(statusOf('Gómez, Mateo')).toBe('Ausente');

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Lista guardada: 2 cambios')).toBeTruthy();
    expect(saves()).toBe(1);
    expect(sent[0]!.marks).toHaveLength(2);
    expect(window.localStorage.getItem(QUEUE_KEY)).toBeNull();
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saves()).toBe(1);
  });

  it('keeps the marks when the answer is lost on the way back, and the replay carries the same ids (the server changes nothing twice)', async () => {
    const { sent, saves } = fakeRoster();
    renderRollCall({ rows: roster });
    const serverFetch = globalThis.fetch;
    // The server applies the marks, but its answer never reaches the phone.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await serverFetch(input, init);
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(within(groupOf('Gómez, Mateo')).getByRole('radio', { name: 'Tarde' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    expect(await screen.findByText(/^Sin conexión: 2 marcas guardadas en este teléfono/)).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(QUEUE_KEY)!).outbox).toHaveLength(2);
    vi.stubGlobal('fetch', serverFetch);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Lista guardada: 0 cambios')).toBeTruthy();
    expect(saves()).toBe(2);
    expect(sent[1]!.marks).toEqual(sent[0]!.marks);
    expect(window.localStorage.getItem(QUEUE_KEY)).toBeNull();
    expect(statusOf('Gómez, Mateo')).toBe('Tarde');
  });

  it('keeps the marks when the server fails, says so, and sends them again by itself', async () => {
    const { api, saves } = fakeRoster();
    const handler = { fail: true };
    const sent: SentBody[] = [];
    api.on(SAVE_ROUTE, async (request) => {
      if (handler.fail) {
        handler.fail = false;
        return apiError(503, 'unavailable', 'Servicio no disponible');
      }
      sent.push((await request.json()) as SentBody);
      return json({ changed: 2, roster: roster.map((row) => ({ ...row, status: row.status ?? 'present' })) });
    });
    renderRollCall({ rows: roster });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    expect(await screen.findByText('El servidor no respondió: 2 marcas guardadas en este teléfono; se volverán a enviar en unos segundos')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(QUEUE_KEY)!).outbox).toHaveLength(2);
    expect(await screen.findByText('Lista guardada: 2 cambios', {}, { timeout: 4000 })).toBeTruthy();
    expect(saves()).toBe(2);
    expect(sent).toHaveLength(1);
    expect(window.localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it('sends the marks an earlier visit left queued, on load, only for the user who made them', async () => {
    const queued = { draft: [], outbox: [{ userId: 22, status: 'absent', markId: 'c0ffee00-0000-4000-8000-000000000001', markedAt: '2026-03-01T15:03:00Z' }], reason: '' };
    window.localStorage.setItem(QUEUE_KEY, JSON.stringify(queued));
    const { sent, saves } = fakeRoster();
    // Another person signed in on the same phone neither sees nor sends them.
    const other = renderRollCall({ userId: 6, rows: roster });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statusOf('Pérez, María')).toBe('Presente');
    expect(saves()).toBe(0);
    other.unmount();

    renderRollCall({ userId: 5, rows: roster });
    expect(await screen.findByText('Lista guardada: 1 cambio')).toBeTruthy();
    expect(sent).toEqual([{ idUser: 5, idTrainingPath: null, marks: queued.outbox }]);
    expect(statusOf('Pérez, María')).toBe('Ausente');
    expect(window.localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it("shows the server's refusal by student, keeps the marks, and drops them only when the tutor confirms", async () => {
    const { api } = fakeRoster();
    api.on(SAVE_ROUTE, () => apiError(400, 'validation_failed', 'Revisa los datos enviados.', { 'marks.0.userId': 'Esta persona no es estudiante de la cohorte de la sesión' }));
    renderRollCall({ rows: [roster[2]!] });
    await userEvent.click(within(groupOf('Rojas, Camila')).getByRole('radio', { name: 'Ausente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Revisa los datos enviados.');
    expect(alert.textContent).toContain('Rojas, Camila: Esta persona no es estudiante de la cohorte de la sesión');
    expect(JSON.parse(window.localStorage.getItem(QUEUE_KEY)!).outbox).toHaveLength(1);

    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Descartar 1 marca de este teléfono' }));
    expect(JSON.parse(window.localStorage.getItem(QUEUE_KEY)!).outbox).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Descartar 1 marca de este teléfono' }));
    expect(confirm).toHaveBeenLastCalledWith('¿Descartar 1 marca guardada en este teléfono? No se enviará.');
    await waitFor(() => expect(window.localStorage.getItem(QUEUE_KEY)).toBeNull());
    expect(statusOf('Rojas, Camila')).toBe('Tarde');
  });

  it('asks for a reason once the session is over, and sends it with the marks', async () => {
    const { sent } = fakeRoster();
    renderRollCall({ rows: roster, endsAt: '2026-01-01T00:00:00Z' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    expect(screen.getByText('Escribe el motivo: la clase ya terminó y el cambio queda registrado')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Motivo del cambio (la clase ya terminó)' }), 'Lista en papel');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    expect(await screen.findByText('Lista guardada: 2 cambios')).toBeTruthy();
    expect(sent[0]!.reason).toBe('Lista en papel');
  });
  it("reads the roster again when another island of the page changed it (an excuse accepted), and tells them when it saved", async () => {
    const { api } = fakeRoster();
    renderRollCall({ rows: roster });
    expect(statusOf('Pérez, María')).toBe('Presente');
    api.on(ROSTER_ROUTE, () => json(roster.map((row) => (row.userId === 22 ? { ...row, status: 'excused' as const } : row))));
    act(() => markAttendanceChanged());
    await waitFor(() => expect(statusOf('Pérez, María')).toBe('Excusado'));
    const reads = api.calls.filter((call) => call === ROSTER_ROUTE).length;
    // Its own save: the others hear of it, and it does not read back what it just got.
    const before = $attendanceChanges.get();
    await userEvent.click(within(groupOf('Gómez, Mateo')).getByRole('radio', { name: 'Ausente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar lista' }));
    await waitFor(() => expect($attendanceChanges.get()).toBe(before + 1));
    expect(api.calls.filter((call) => call === ROSTER_ROUTE).length).toBe(reads);
  });
});
