/**
 * QR check-in and excuses on a live session's page (issue 32): the tutor's
 * screen (its code and QR swapped when the server says the code changes, or
 * why there is none), the student's check-in (the code of a scanned link
 * sent once by itself, a typed one, the server's refusals, the status line
 * updated), the student's excuse (sent with its file, its review read back)
 * and the staff's review (Aceptar / Rechazar with the right body).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import CheckInForm from '~/islands/attendance/CheckInForm';
import CheckInScreen from '~/islands/attendance/CheckInScreen';
import ExcuseForm from '~/islands/attendance/ExcuseForm';
import ExcuseReview from '~/islands/attendance/ExcuseReview';
import MyStatus from '~/islands/attendance/MyStatus';
import { $myCheckedInStatus } from '~/islands/attendance/my-status-store';
import { $attendanceChanges } from '~/islands/attendance/attendance-changes';
import type { Excuse } from '~/lib/shared/schemas/attendance';
import HOLD_EARLY_ACTIONS_SCRIPT from 'virtual:senda/hold-early-actions';
import { apiError, fakeApi, FakeXhr, gate, json } from './support/fake-api';

const messages = pickMessages('es', ['common.', 'admin.common.', 'attendance.', 'validation.']);
const CODE = 'GET /api/v2/live-session/7/check-in-code/';
const CHECK_IN = 'POST /api/v2/live-session/7/check-in/';
const EXCUSES = 'GET /api/v2/live-session/7/attendance/excuses/';
const START = '2026-11-28T15:00:00.000Z';
const END = '2026-11-28T16:00:00.000Z';

const excuse = (overrides: Partial<Excuse> = {}): Excuse => ({
  id: 3,
  sessionId: 7,
  userId: 21,
  name: 'Rojas, Camila',
  note: 'Cita médica',
  status: 'pending',
  fileUrl: '/api/v2/live-session/7/attendance/excuses/3/file/',
  fileName: 'incapacidad.pdf',
  reviewedBy: null,
  reviewedAt: null,
  reviewNote: null,
  createdAt: '2026-11-28T14:00:00.000Z',
  ...overrides,
});

/** Lets the fake clock run `ms` and React render what happened meanwhile. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('CheckInScreen', () => {
  const renderScreen = () => render(<CheckInScreen lang="es" messages={messages} sessionId={7} startsAt={START} endsAt={END} />);
  const shownCode = () => screen.getByTestId('check-in-code').textContent;

  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('says it is loading, then shows the code, its QR and countdown, and swaps to the next code when the server said it changes', async () => {
    vi.setSystemTime(new Date('2026-11-28T15:00:10.000Z'));
    const api = fakeApi({ typeUser: 'staff' });
    const answer = gate();
    api.on(CODE, async () => {
      await answer.opened;
      return json({ code: '111111', changesAt: '2026-11-28T15:00:30.000Z', windowS: 30 });
    });
    renderScreen();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    await advance(0);
    expect(shownCode()).toBe('111111');
    expect(screen.getByText('Cambia en 20 segundos')).toBeTruthy();
    // The QR holds the page's link with the code: as many dark squares as that link's QR has.
    const qr = screen.getByRole('img', { name: 'Código QR para registrar asistencia en esta clase' });
    const { modules } = QRCode.create('http://senda.test/live/7?code=111111', { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(qr.querySelector('path')!.getAttribute('d')!.match(/h1v1h-1z/g)).toHaveLength(dark);

    api.on(CODE, () => json({ code: '222222', changesAt: '2026-11-28T15:01:00.000Z', windowS: 30 }));
    await advance(10_000);
    expect(screen.getByText('Cambia en 10 segundos')).toBeTruthy();
    expect(shownCode()).toBe('111111');
    expect(api.calls).toEqual([CODE]);
    await advance(9_000);
    expect(shownCode()).toBe('111111');
    await advance(1_300);
    expect(shownCode()).toBe('222222');
    expect(screen.getByText('Cambia en 30 segundos')).toBeTruthy();
    expect(api.calls).toEqual([CODE, CODE]);
  });

  it('asks again a little later when the server still answers the same code (a clock running ahead)', async () => {
    vi.setSystemTime(new Date('2026-11-28T15:00:31.000Z'));
    const api = fakeApi({ typeUser: 'staff' });
    api.on(CODE, () => json({ code: '111111', changesAt: '2026-11-28T15:00:30.000Z', windowS: 30 }));
    renderScreen();
    await advance(0);
    await advance(300);
    expect(api.calls).toEqual([CODE, CODE]);
    await advance(1_000);
    expect(api.calls).toHaveLength(2);
    await advance(1_000);
    expect(api.calls).toHaveLength(3);
  });

  it('replaces a code past its time at once when the tab comes back into view (its timers held back meanwhile)', async () => {
    vi.setSystemTime(new Date('2026-11-28T15:00:10.000Z'));
    const api = fakeApi({ typeUser: 'staff' });
    api.on(CODE, () => json({ code: '111111', changesAt: '2026-11-28T15:00:30.000Z', windowS: 30 }));
    renderScreen();
    await advance(0);
    api.on(CODE, () => json({ code: '666666', changesAt: '2026-11-28T15:05:30.000Z', windowS: 30 }));
    // The clock moves on without the timers running, as in a background tab.
    vi.setSystemTime(new Date('2026-11-28T15:05:05.000Z'));
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance(0);
    expect(api.calls).toEqual([CODE, CODE]);
    expect(shownCode()).toBe('666666');
  });

  it('says check-in is not open yet before the join window, and shows the code once it opens', async () => {
    vi.setSystemTime(new Date('2026-11-28T14:40:00.000Z'));
    const api = fakeApi({ typeUser: 'staff' });
    api.on(CODE, () => json({ code: '333333', changesAt: '2026-11-28T14:50:30.000Z', windowS: 30 }));
    renderScreen();
    await advance(0);
    expect(screen.getByText(/El registro con código se abre 10 minutos antes del inicio \(.*9:50.*\)/)).toBeTruthy();
    expect(screen.queryByTestId('check-in-code')).toBeNull();
    expect(api.calls).toEqual([]);
    await advance(10 * 60_000);
    expect(shownCode()).toBe('333333');
  });

  it('says the class is over after its end, without asking for a code', async () => {
    vi.setSystemTime(new Date('2026-11-28T16:00:01.000Z'));
    const api = fakeApi({ typeUser: 'staff' });
    renderScreen();
    await advance(0);
    expect(screen.getByText(/La clase terminó: el registro con código está cerrado/)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal with a retry, and tries again by itself", async () => {
    vi.setSystemTime(new Date('2026-11-28T15:00:10.000Z'));
    const api = fakeApi({ typeUser: 'staff' });
    api.on(CODE, () => apiError(403, 'forbidden', 'No tienes permiso para hacer esto'));
    renderScreen();
    await advance(0);
    expect(screen.getByRole('alert').textContent).toContain('No tienes permiso para hacer esto');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    api.on(CODE, () => json({ code: '444444', changesAt: '2026-11-28T15:00:30.000Z', windowS: 30 }));
    await advance(5_000);
    expect(shownCode()).toBe('444444');
  });

  it('projects the code over the whole page where the browser has no full screen, until Escape', async () => {
    vi.setSystemTime(new Date('2026-11-28T15:00:10.000Z'));
    const api = fakeApi({ typeUser: 'staff' });
    api.on(CODE, () => json({ code: '555555', changesAt: '2026-11-28T15:00:30.000Z', windowS: 30 }));
    renderScreen();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Pantalla completa' }));
    expect(document.querySelector('.check-in-screen__box--projected')).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.querySelector('.check-in-screen__box--projected')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pantalla completa' })).toBeTruthy();
  });
});

describe('CheckInForm', () => {
  beforeEach(() => {
    $myCheckedInStatus.set(undefined);
    window.history.replaceState(null, '', '/live/7');
  });

  const renderForm = (codeFromLink: string | null, options: { container?: HTMLElement } = {}) =>
    render(
      <StrictMode>
        <MyStatus lang="es" messages={messages} initial={null} />
        <CheckInForm lang="es" messages={messages} sessionId={7} codeFromLink={codeFromLink} />
      </StrictMode>,
      options,
    );

  it("sends the scanned link's code once by itself, takes it out of the address and updates the status line", async () => {
    window.history.replaceState(null, '', '/live/7?code=123456&x=1');
    const api = fakeApi({ typeUser: 'student' });
    const bodies: unknown[] = [];
    api.on(CHECK_IN, async (request) => {
      bodies.push(((await request.json()) as { code: string }).code);
      return json({ status: 'late', checkedInAt: '2026-11-28T15:12:00.000Z' });
    });
    renderForm('123456');
    expect(screen.getByTestId('my-status').textContent).toBe('Estado: Sin registro');
    expect(await screen.findByText('Asistencia registrada: Tarde')).toBeTruthy();
    expect(bodies).toEqual(['123456']);
    expect(api.calls).toEqual([CHECK_IN]);
    expect(window.location.search).toBe('?x=1');
    expect(screen.getByTestId('my-status').textContent).toBe('Estado: Tarde');
  });

  it('keeps a tap made before the island woke up: the tap sends the code, and nothing is sent twice', async () => {
    window.history.replaceState(null, '', '/live/7?code=123456');
    const api = fakeApi({ typeUser: 'student' });
    api.on(CHECK_IN, () => json({ status: 'present', checkedInAt: '2026-11-28T15:01:00.000Z' }));
    // The page's inline script, then the island as the server sends it, tapped before React takes it over.
    new Function(HOLD_EARLY_ACTIONS_SCRIPT)();
    const island = <CheckInForm lang="es" messages={messages} sessionId={7} codeFromLink="123456" />;
    document.body.innerHTML = `<astro-island ssr prefix="r9">${renderToString(island, { identifierPrefix: 'r9' })}</astro-island>`;
    const element = document.querySelector('astro-island')!;
    fireEvent.click(within(element as HTMLElement).getByRole('button', { name: 'Registrar asistencia' }));
    expect(element.getAttribute('aria-busy')).toBe('true');
    expect(api.calls).toEqual([]);
    let root: Root | null = null;
    await act(async () => {
      root = hydrateRoot(element, island, { identifierPrefix: 'r9' });
    });
    element.removeAttribute('ssr');
    await waitFor(() => expect(element.textContent).toContain('Asistencia registrada: Presente'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // The kept tap was done (the island is no longer marked busy), and it was the only send.
    expect(element.hasAttribute('aria-busy')).toBe(false);
    expect(api.calls).toEqual([CHECK_IN]);
    expect(window.location.search).toBe('');
    act(() => root!.unmount());
    document.body.innerHTML = '';
  });

  it("refuses a stale typed code with the server's words, and leaves the status as it was", async () => {
    const api = fakeApi({ typeUser: 'student' });
    const bodies: unknown[] = [];
    api.on(CHECK_IN, async (request) => {
      bodies.push(((await request.json()) as { code: string }).code);
      return apiError(400, 'check_in_code_invalid', 'El código no es válido o ya cambió. Escanea el código que se ve ahora en la pantalla.');
    });
    renderForm(null);
    expect(api.calls).toEqual([]);
    const input = screen.getByLabelText('Código de 6 dígitos');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(input, '65 43-21');
    expect((input as HTMLInputElement).value).toBe('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar asistencia' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El código no es válido o ya cambió. Escanea el código que se ve ahora en la pantalla.');
    expect(bodies).toEqual(['654321']);
    expect(screen.getByTestId('my-status').textContent).toBe('Estado: Sin registro');
  });

  it('asks for six digits before sending, and says when check-in is not open', async () => {
    const api = fakeApi({ typeUser: 'student' });
    api.on(CHECK_IN, () => apiError(409, 'check_in_not_open', 'El registro de asistencia no está abierto: se habilita 10 minutos antes del inicio de la sesión y hasta su final.'));
    renderForm('12ab');
    await userEvent.type(screen.getByLabelText('Código de 6 dígitos'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar asistencia' }));
    expect(screen.getByText('El código tiene 6 dígitos')).toBeTruthy();
    expect(api.calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Código de 6 dígitos'), '456');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar asistencia' }));
    expect((await screen.findByRole('alert')).textContent).toContain('El registro de asistencia no está abierto');
    expect(api.calls).toEqual([CHECK_IN]);
  });
});

describe('ExcuseForm', () => {
  const renderForm = () => render(<ExcuseForm lang="es" messages={messages} sessionId={7} />);

  it('says it is loading, then offers the form; sends the note and the file with its progress, and shows the excuse pending', async () => {
    const api = fakeApi({ typeUser: 'student' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = gate();
    api.on(EXCUSES, async () => {
      await answer.opened;
      return json([]);
    });
    const sent: { note: unknown; file: string | null }[] = [];
    api.on('POST /api/v2/live-session/7/attendance/excuses/', async (request) => {
      const form = await request.formData();
      const file = form.get('file');
      sent.push({ note: form.get('note'), file: file instanceof File ? file.name : null });
      return json(excuse({ note: 'Cita médica', fileName: 'cita.pdf' }), 201);
    });
    renderForm();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    expect(await screen.findByText(/cuéntale al equipo de la cohorte por qué/)).toBeTruthy();
    // The note is required.
    await userEvent.click(screen.getByRole('button', { name: 'Enviar excusa' }));
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy();
    expect(api.calls).toEqual([EXCUSES]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Cita médica');
    fireEvent.change(screen.getByLabelText(/^Soporte \(opcional\)/), { target: { files: [new File(['%PDF-1.4'], 'cita.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar excusa' }));
    const mine = await screen.findByTestId('my-excuse');
    expect(sent).toEqual([{ note: 'Cita médica', file: 'cita.pdf' }]);
    expect(within(mine).getByText('Pendiente de revisión')).toBeTruthy();
    expect(within(mine).getByRole('link', { name: 'Descargar el soporte «cita.pdf»' }).getAttribute('href')).toBe('/api/v2/live-session/7/attendance/excuses/3/file/');
    expect(screen.getByRole('button', { name: 'Reemplazar mi excusa' })).toBeTruthy();
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const api = fakeApi({ typeUser: 'student' });
    api.on(EXCUSES, () => json([]));
    renderForm();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Motivo' }), 'Viaje');
    fireEvent.change(screen.getByLabelText(/^Soporte \(opcional\)/), { target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.pdf')] } });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar excusa' }));
    expect(screen.getByText(/«grande\.pdf» pesa .*; el máximo es 5 MB\./)).toBeTruthy();
    expect(api.calls).toEqual([EXCUSES]);
  });

  it('shows an accepted excuse with the review note and no form to change it', async () => {
    const api = fakeApi({ typeUser: 'student' });
    api.on(EXCUSES, () => json([excuse({ status: 'accepted', reviewNote: 'Soporte válido', reviewedAt: '2026-11-28T16:00:00.000Z', reviewedBy: 5 })]));
    renderForm();
    expect(await screen.findByText('Aceptada')).toBeTruthy();
    expect(screen.getByText('Nota de la revisión: Soporte válido')).toBeTruthy();
    expect(screen.getByText(/ya no se puede cambiar/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /excusa/ })).toBeNull();
  });

  it("shows a rejected excuse and the server's refusal of a new one in its words; a failed read offers a retry", async () => {
    const api = fakeApi({ typeUser: 'student' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api.on(EXCUSES, () => json([excuse({ status: 'rejected', reviewNote: 'Falta el soporte' })]));
    api.on('POST /api/v2/live-session/7/attendance/excuses/', () => apiError(409, 'excuse_already_accepted', 'Tu excusa para esta sesión ya fue aceptada; no se puede cambiar.'));
    const { unmount } = renderForm();
    expect(await screen.findByText('Rechazada')).toBeTruthy();
    expect(screen.getByText('Nota de la revisión: Falta el soporte')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Adjunto la incapacidad');
    await userEvent.click(screen.getByRole('button', { name: 'Reemplazar mi excusa' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tu excusa para esta sesión ya fue aceptada; no se puede cambiar.');
    unmount();

    api.on(EXCUSES, () => apiError(404, 'not_found', 'No encontrado'));
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toContain('No encontrado');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('ExcuseReview', () => {
  const renderReview = () => render(<ExcuseReview lang="es" messages={messages} sessionId={7} />);

  it('says it is loading, then that nobody sent an excuse; a refresh reads them again', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    const answer = gate();
    api.on(EXCUSES, async () => {
      await answer.opened;
      return json([]);
    });
    renderReview();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    expect(await screen.findByText('Nadie ha enviado excusas para esta clase.')).toBeTruthy();
    api.on(EXCUSES, () => json([excuse()]));
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar las excusas' }));
    expect(await screen.findByText('Cita médica')).toBeTruthy();
    expect(api.calls).toEqual([EXCUSES, EXCUSES]);
  });

  it('says when the excuses cannot be read', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on(EXCUSES, () => apiError(403, 'forbidden', 'No tienes permiso para hacer esto'));
    renderReview();
    expect((await screen.findByRole('alert')).textContent).toContain('No tienes permiso para hacer esto');
  });

  it('lists each excuse with its file, and accepts one with a note and rejects another without one', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on(EXCUSES, () => json([excuse(), excuse({ id: 4, userId: 22, name: 'Gómez, Mateo', note: 'Se me olvidó', fileUrl: null, fileName: null })]));
    const bodies: Record<string, unknown[]> = { 3: [], 4: [] };
    for (const id of [3, 4]) {
      api.on(`PATCH /api/v2/live-session/7/attendance/excuses/${id}/`, async (request) => {
        const body = (await request.json()) as { status: Excuse['status']; note?: string };
        bodies[id]!.push({ status: body.status, ...('note' in body ? { note: body.note } : {}) });
        const base = id === 3 ? excuse() : excuse({ id: 4, userId: 22, name: 'Gómez, Mateo', note: 'Se me olvidó', fileUrl: null, fileName: null });
        return json({ ...base, status: body.status, reviewNote: body.note ?? null, reviewedAt: '2026-11-28T16:30:00.000Z', reviewedBy: 5 });
      });
    }
    renderReview();
    const list = await screen.findByRole('list', { name: 'Excusas enviadas para esta clase' });
    const camila = within(list).getAllByRole('listitem')[0]!;
    const mateo = within(list).getAllByRole('listitem')[1]!;
    expect(within(camila).getByRole('link', { name: 'Descargar el soporte de Rojas, Camila: incapacidad.pdf' }).getAttribute('href')).toBe('/api/v2/live-session/7/attendance/excuses/3/file/');
    expect(within(mateo).getByText('Sin soporte')).toBeTruthy();
    expect(within(camila).getByText('Pendiente de revisión')).toBeTruthy();

    await userEvent.type(within(camila).getByLabelText('Nota para Rojas, Camila (opcional)'), 'Incapacidad válida');
    const changes = $attendanceChanges.get();
    await userEvent.click(within(camila).getByRole('button', { name: 'Aceptar la excusa de Rojas, Camila' }));
    expect(await within(camila).findByText('Aceptada')).toBeTruthy();
    // The page's roll call and audit hear of it (she is excused now).
    expect($attendanceChanges.get()).toBe(changes + 1);
    expect(bodies[3]).toEqual([{ status: 'accepted', note: 'Incapacidad válida' }]);
    expect(within(camila).queryByRole('button', { name: /Aceptar/ })).toBeNull();
    expect(within(camila).getByRole('button', { name: 'Rechazar la excusa de Rojas, Camila' })).toBeTruthy();

    await userEvent.click(within(mateo).getByRole('button', { name: 'Rechazar la excusa de Gómez, Mateo' }));
    expect(await within(mateo).findByText('Rechazada')).toBeTruthy();
    expect(bodies[4]).toEqual([{ status: 'rejected' }]);
  });

  it("shows the server's refusal of a review beside the excuse", async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on(EXCUSES, () => json([excuse()]));
    api.on('PATCH /api/v2/live-session/7/attendance/excuses/3/', () => apiError(404, 'not_found', 'No encontrado'));
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar la excusa de Rojas, Camila' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No encontrado');
    expect(screen.getByText('Pendiente de revisión')).toBeTruthy();
  });
});
