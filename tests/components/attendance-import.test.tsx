/**
 * Attendance's staff tools as a coordinator meets them (issue 32): a
 * participant report previewed (unmatched rows first, the students it does
 * not name), saved with a reason after the class, cancelled, or refused in
 * the server's words; the audit of changes after the class; a program's
 * thresholds with the server's messages beside the fields; and the
 * live-video form's kind, place and planned hours. The islands and the
 * request helper are real; only the network answers from the test.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import AttendanceAudit from '~/islands/attendance/AttendanceAudit';
import AttendanceSettingsForm from '~/islands/attendance/AttendanceSettingsForm';
import ImportReport from '~/islands/attendance/ImportReport';
import LiveSessions from '~/islands/live/LiveSessions';
import type { AttendanceAuditEntry, ImportMinutesResult } from '~/lib/shared/schemas/attendance';
import type { LiveSession } from '~/lib/shared/schemas/live-sessions';
import { apiError, fakeApi, FakeXhr, gate, json, page } from './support/fake-api';

const messages = pickMessages('es', ['common.', 'admin.common.', 'attendance.', 'validation.']);
const HOUR_MS = 3_600_000;
const PREVIEW = 'POST /api/v2/live-session/9/attendance/import/?preview=true';
const SAVE = 'POST /api/v2/live-session/9/attendance/import/?preview=false';

const report = () => new File(['Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest\n'], 'participantes.csv', { type: 'text/csv' });

const preview: ImportMinutesResult = {
  provider: 'zoom',
  preview: true,
  sessionMinutes: 60,
  matched: [
    { userId: 1, name: 'Acosta, Ana', email: 'cali01@senda.test', minutes: 58, status: 'present' },
    { userId: 2, name: 'Bernal, Bruno', email: 'cali02@senda.test', minutes: 35, status: 'late' },
    { userId: 3, name: 'Castro, Carla', email: 'cali03@senda.test', minutes: 10, status: 'absent' },
  ],
  unmatched: [
    { name: 'Invitado Externo', email: 'invitado@gmail.com', minutes: 62 },
    { name: 'Teléfono 300', email: null, minutes: 12 },
  ],
  missing: [{ userId: 4, name: 'Díaz, Diego', email: 'cali04@senda.test' }],
  changed: 0,
};

describe('ImportReport', () => {
  const renderIsland = (endsAt = new Date(Date.now() - HOUR_MS).toISOString(), lang: 'es' | 'en' = 'es') =>
    render(<ImportReport lang={lang} messages={lang === 'es' ? messages : pickMessages('en', ['common.', 'admin.common.', 'attendance.'])} sessionId={9} endsAt={endsAt} />);

  it('previews a report with a progress bar: unmatched rows first and explained, the matched with minutes and status, the absent ones; then saves with a reason', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = gate();
    api.on(PREVIEW, async () => {
      await answer.opened;
      return json(preview);
    });
    const sent: FormData[] = [];
    api.on(SAVE, async (request) => {
      sent.push(await request.formData());
      return json({ ...preview, preview: false, changed: 4 });
    });
    renderIsland();
    await userEvent.upload(screen.getByLabelText('Reporte de participantes (CSV)'), report());
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByText('Leyendo el reporte…')).toBeTruthy();
    answer.open();

    expect(await screen.findByText('Reporte de Zoom · la clase dura 60 minutos')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const unmatched = screen.getByRole('region', { name: '2 filas sin coincidencia' });
    expect(within(unmatched).getByText(/Ningún estudiante de la cohorte tiene estos correos/)).toBeTruthy();
    expect(within(unmatched).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Invitado Externoinvitado@gmail.com62', 'Teléfono 300Sin correo12']);
    const matched = screen.getByRole('region', { name: '3 estudiantes reconocidos' });
    // Unmatched rows come before everything else.
    expect(unmatched.compareDocumentPosition(matched) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(matched).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Acosta, Anacali01@senda.test58Presente',
      'Bernal, Brunocali02@senda.test35Tarde',
      'Castro, Carlacali03@senda.test10Ausente',
    ]);
    const missing = screen.getByRole('region', { name: '1 estudiante no aparece en el reporte: se marcará ausente' });
    expect(within(missing).getByText('Díaz, Diego')).toBeTruthy();
    expect(api.calls).toEqual([PREVIEW]);

    // The class is over: the reason goes with the save, to the audit.
    await userEvent.type(screen.getByLabelText('Motivo del cambio (opcional)'), 'Reporte de Zoom');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar asistencia' }));
    expect((await screen.findByRole('status')).textContent).toContain('4 cambios guardados');
    expect(api.calls).toEqual([PREVIEW, SAVE]);
    expect(sent[0]!.get('reason')).toBe('Reporte de Zoom');
    expect((sent[0]!.get('file') as File).name).toBe('participantes.csv');
    expect(screen.queryByRole('button', { name: 'Guardar asistencia' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Importar otro reporte' }));
    expect(screen.getByLabelText('Reporte de participantes (CSV)')).toBeTruthy();
  });

  it('cancels a preview without saving anything; a class not yet over asks no reason', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api.on(PREVIEW, () => json({ ...preview, unmatched: [], missing: [] }));
    renderIsland(new Date(Date.now() + HOUR_MS).toISOString());
    await userEvent.upload(screen.getByLabelText('Reporte de participantes (CSV)'), report());
    expect(await screen.findByRole('region', { name: '3 estudiantes reconocidos' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /sin coincidencia/ })).toBeNull();
    expect(screen.queryByLabelText(/Motivo/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByText('Vista previa: todavía no se guardó nada')).toBeNull();
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
    expect(api.calls).toEqual([PREVIEW]);
  });

  it("says why a file cannot be read, in the server's words, and lets another be chosen", async () => {
    const api = fakeApi({ typeUser: 'staff' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api.on(PREVIEW, () =>
      apiError(400, 'participant_report_unreadable', 'No pudimos leer el archivo: sube el reporte de participantes en CSV tal como lo exporta Google Meet, Zoom o Microsoft Teams.'),
    );
    renderIsland();
    await userEvent.upload(screen.getByLabelText('Reporte de participantes (CSV)'), report());
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No pudimos leer el archivo/);
    expect(screen.queryByRole('button', { name: 'Guardar asistencia' })).toBeNull();
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();
  });

  it('keeps the preview when saving is refused, with the message beside the reason', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api.on(PREVIEW, () => json(preview));
    api.on(SAVE, () => apiError(400, 'validation_failed', 'Revisa los campos', { reason: 'Máximo 500 caracteres' }));
    renderIsland();
    await userEvent.upload(screen.getByLabelText('Reporte de participantes (CSV)'), report());
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar asistencia' }));
    expect(await screen.findByText('Máximo 500 caracteres')).toBeTruthy();
    expect(screen.getByLabelText('Motivo del cambio (opcional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('region', { name: '2 filas sin coincidencia' })).toBeTruthy();
    expect(screen.queryByText(/cambios guardados/)).toBeNull();
  });

  it('speaks English', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api.on(PREVIEW, () => json(preview));
    renderIsland(undefined, 'en');
    await userEvent.upload(screen.getByLabelText('Participant report (CSV)'), report());
    expect(await screen.findByRole('region', { name: '2 unmatched rows' })).toBeTruthy();
    expect(screen.getByText('1 student is not in the report: they will be marked absent')).toBeTruthy();
  });
});

describe('AttendanceAudit', () => {
  const entry = (overrides: Partial<AttendanceAuditEntry>): AttendanceAuditEntry => ({
    id: 1,
    userId: 1,
    name: 'Acosta, Ana',
    changedBy: 5,
    changedByName: 'Coordinación, Ruth',
    changedAt: '2026-11-27T20:00:00Z',
    fromStatus: 'absent',
    toStatus: 'present',
    fromMinutes: null,
    toMinutes: 58,
    reason: 'Reporte de Zoom',
    ...overrides,
  });

  it('says it is loading, then lists who changed what, when and why', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    const answer = gate();
    api.on('GET /api/v2/live-session/9/attendance/audit/', async () => {
      await answer.opened;
      return json([entry({}), entry({ id: 2, name: 'Bernal, Bruno', fromStatus: null, toStatus: 'late', fromMinutes: 10, toMinutes: 35, reason: null, changedByName: null })]);
    });
    render(<AttendanceAudit lang="es" messages={messages} sessionId={9} />);
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    const table = await screen.findByRole('table', { name: 'Cambios en la asistencia después de la clase, del más reciente al más antiguo' });
    const [ana, bruno] = within(table).getAllByRole('row').slice(1);
    expect(within(ana!).getByRole('rowheader').textContent).toBe('Acosta, Ana');
    expect(within(ana!).getByText('Ausente → Presente')).toBeTruthy();
    expect(within(ana!).getByText('— → 58')).toBeTruthy();
    expect(within(ana!).getByText('Coordinación, Ruth')).toBeTruthy();
    expect(within(ana!).getByText('Reporte de Zoom')).toBeTruthy();
    expect(within(ana!).getByText('27/11/2026, 3:00 p. m.')).toBeTruthy();
    expect(within(bruno!).getByText('Sin registro → Tarde')).toBeTruthy();
    expect(within(bruno!).getByText('10 → 35')).toBeTruthy();
    expect(within(bruno!).getByText('Sin dato')).toBeTruthy();
    expect(within(bruno!).getByText('Sin motivo')).toBeTruthy();
  });

  it('says when nothing changed after the class', async () => {
    fakeApi({ typeUser: 'staff' }).on('GET /api/v2/live-session/9/attendance/audit/', () => json([]));
    render(<AttendanceAudit lang="es" messages={messages} sessionId={9} />);
    expect(await screen.findByText('Sin cambios después de la clase.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads the audit again when an import on the page saved changes', async () => {
    const api = fakeApi({ typeUser: 'admin' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let audited: AttendanceAuditEntry[] = [];
    api.on('GET /api/v2/live-session/9/attendance/audit/', () => json(audited));
    api.on(PREVIEW, () => json(preview));
    api.on(SAVE, () => {
      audited = [entry({ reason: 'Reporte de Zoom' })];
      return json({ ...preview, preview: false, changed: 4 });
    });
    render(
      <>
        <ImportReport lang="es" messages={messages} sessionId={9} endsAt={new Date(Date.now() - HOUR_MS).toISOString()} />
        <AttendanceAudit lang="es" messages={messages} sessionId={9} />
      </>,
    );
    expect(await screen.findByText('Sin cambios después de la clase.')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Reporte de participantes (CSV)'), report());
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar asistencia' }));
    expect(await screen.findByRole('table', { name: /Cambios en la asistencia/ })).toBeTruthy();
    expect(screen.queryByText('Sin cambios después de la clase.')).toBeNull();
    expect(api.calls.filter((call) => call.endsWith('/audit/'))).toHaveLength(2);
  });

  it("shows the server's refusal and retries", async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('GET /api/v2/live-session/9/attendance/audit/', () => apiError(403, 'forbidden', 'No tienes permiso para esto.'));
    render(<AttendanceAudit lang="es" messages={messages} sessionId={9} />);
    expect((await screen.findByRole('alert')).textContent).toContain('No tienes permiso para esto.');
    api.on('GET /api/v2/live-session/9/attendance/audit/', () => json([]));
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Sin cambios después de la clase.')).toBeTruthy();
  });
});

describe('AttendanceSettingsForm', () => {
  const settings = { lateAfterMinutes: 10, presentPercent: 80, latePercent: 50, absenceAlertAfter: 3 };
  const ROUTE = '/api/v2/programs/2/attendance-settings/';

  it("loads the thresholds, checks numbers first, shows the server's messages beside the fields, and says when they are saved", async () => {
    const api = fakeApi({ typeUser: 'admin' });
    api.on(`GET ${ROUTE}`, () => json(settings));
    const sent: Record<string, unknown>[] = [];
    api.on(`PUT ${ROUTE}`, async (request) => {
      const body = (await request.json()) as Record<string, number>;
      sent.push(body);
      return body.latePercent! > body.presentPercent!
        ? apiError(400, 'validation_failed', 'Revisa los campos', { latePercent: 'El porcentaje para tarde no puede superar el de presente' })
        : json({ lateAfterMinutes: body.lateAfterMinutes, presentPercent: body.presentPercent, latePercent: body.latePercent, absenceAlertAfter: body.absenceAlertAfter });
    });
    render(<AttendanceSettingsForm lang="es" messages={messages} programId={2} canEdit />);
    expect(screen.getByText('Cargando…')).toBeTruthy();
    const present = await screen.findByLabelText('Presente desde (% de la clase)');
    expect((present as HTMLInputElement).value).toBe('80');
    const late = screen.getByLabelText('Tarde desde (% de la clase)');

    await userEvent.clear(late);
    await userEvent.type(late, 'mucho');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect(screen.getByText('Escribe un número')).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);

    await userEvent.clear(late);
    await userEvent.type(late, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect(await screen.findByText('El porcentaje para tarde no puede superar el de presente')).toBeTruthy();
    expect(late.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();

    await userEvent.clear(late);
    await userEvent.type(late, '60,5');
    const alertAfter = screen.getByLabelText('Alerta tras ausencias seguidas');
    await userEvent.clear(alertAfter);
    await userEvent.type(alertAfter, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect((await screen.findByRole('status')).textContent).toBe('Guardamos los umbrales de asistencia.');
    expect(sent.at(-1)).toMatchObject({ presentPercent: 80, latePercent: 60.5, lateAfterMinutes: 10, absenceAlertAfter: 4 });
    expect(screen.queryByText('El porcentaje para tarde no puede superar el de presente')).toBeNull();
  });

  it('shows the thresholds read-only to staff who may not set them', async () => {
    fakeApi({ typeUser: 'staff' }).on(`GET ${ROUTE}`, () => json(settings));
    render(<AttendanceSettingsForm lang="es" messages={messages} programId={2} canEdit={false} />);
    expect(await screen.findByText('Solo un administrador de la plataforma puede cambiar estos umbrales.')).toBeTruthy();
    expect(screen.getByText('Tarde después de (minutos)').nextElementSibling?.textContent).toBe('10');
    expect(screen.queryByRole('button', { name: 'Guardar umbrales' })).toBeNull();
  });

  it('says why the thresholds could not be read', async () => {
    fakeApi({ typeUser: 'admin' }).on(`GET ${ROUTE}`, () => apiError(404, 'not_found', 'No encontramos este programa.'));
    render(<AttendanceSettingsForm lang="es" messages={messages} programId={2} canEdit />);
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos este programa.');
  });
});

describe('LiveSessions form: kind, place and planned hours', () => {
  const liveMessages = pickMessages('es', ['common.', 'admin.common.', 'live.', 'attendance.']);
  const session = (overrides: Partial<LiveSession>): LiveSession => ({
    id: 4,
    cohortId: 1,
    cohortName: 'Cohorte 2026-1',
    seriesId: null,
    className: 'Taller',
    description: '',
    durationS: 7200,
    startsAt: '2030-03-05T00:00:00Z',
    endsAt: '2030-03-05T02:00:00Z',
    wasLive: true,
    kind: 'online',
    place: null,
    plannedHours: 2,
    courseId: null,
    courseName: null,
    state: 'upcoming',
    recordingUrl: null,
    videoLink: 'https://meet.example.co/a',
    attended: false,
    myStatus: null,
    attendanceCount: 0,
    canManage: true,
    ...overrides,
  });

  it("schedules an in-person weekly series with its place and planned hours, the server's message beside the place", async () => {
    const api = fakeApi({ idUser: 9, typeUser: 'staff' });
    api.on('GET /api/v2/live-session/?page=1', () => json(page([])));
    const sent: Record<string, unknown>[] = [];
    api.on('POST /api/v2/live-session/', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return String(body.place).length < 3 ? apiError(400, 'validation_failed', 'Revisa los campos', { place: 'Escribe el lugar completo' }) : json(session({ kind: 'in_person', place: String(body.place) }), 201);
    });
    const courses = [{ id: 31, name: 'Redes' }, { id: 32, name: 'Bases de datos' }];
    render(<LiveSessions lang="es" messages={liveMessages} initial={page([])} managedCohorts={[{ id: 1, name: 'Cohorte 2026-1', courses }]} calendarUrl={null} />);
    const form = screen.getByRole('form', { name: 'Programar una clase' });
    // The whole cohort's unless a course is chosen.
    expect((within(form).getByLabelText('Curso') as HTMLSelectElement).value).toBe('');
    await userEvent.selectOptions(within(form).getByLabelText('Curso'), 'Redes');
    // Online by default: no place to fill.
    expect((within(form).getByLabelText('Tipo de clase') as HTMLSelectElement).value).toBe('online');
    expect(within(form).queryByLabelText(/^Lugar/)).toBeNull();
    await userEvent.type(within(form).getByLabelText('Nombre de la clase'), 'Taller de redes');
    await userEvent.type(within(form).getByLabelText('Link del video'), 'https://meet.example.co/t');
    await userEvent.type(within(form).getByLabelText(/Fecha de inicio/), '2030-03-04T19:00');
    await userEvent.type(within(form).getByLabelText(/Fecha de fin/), '2030-03-04T21:00');
    await userEvent.selectOptions(within(form).getByLabelText('Tipo de clase'), 'Presencial');
    await userEvent.type(within(form).getByLabelText(/^Lugar/), 'B2');
    await userEvent.type(within(form).getByLabelText(/^Horas planeadas/), 'dos');
    const weeks = within(form).getByLabelText('Repetir cada semana (número de clases)');
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Programar' }));
    expect(within(form).getByText('Escribe un número de horas, por ejemplo 1,5')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(within(form).getByLabelText(/^Horas planeadas/));
    await userEvent.type(within(form).getByLabelText(/^Horas planeadas/), '1,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Programar' }));
    expect(await within(form).findByText('Escribe el lugar completo')).toBeTruthy();
    expect(within(form).getByLabelText(/^Lugar/).getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(within(form).getByLabelText(/^Lugar/));
    await userEvent.type(within(form).getByLabelText(/^Lugar/), 'Sede Centro, salón 204');
    await userEvent.click(within(form).getByRole('button', { name: 'Programar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ cohort: 1, className: 'Taller de redes', kind: 'in_person', place: 'Sede Centro, salón 204', plannedHours: 1.5, repeatWeeks: 4, course: 31 });
  });

  it('changes a session to online (its place dropped) with its length as the planned hours', async () => {
    const api = fakeApi({ idUser: 9, typeUser: 'staff' });
    const sent: Record<string, unknown>[] = [];
    api.on('PATCH /api/v2/live-session/4/', async (request) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return json(session({}));
    });
    api.on('GET /api/v2/live-session/?page=1', () => json(page([session({})])));
    const initial = page([session({ kind: 'hybrid', place: 'Sede Norte', plannedHours: 3 })]);
    render(<LiveSessions lang="es" messages={liveMessages} initial={initial} managedCohorts={[{ id: 1, name: 'Cohorte 2026-1', courses: [] }]} calendarUrl={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar Taller' }));
    const form = screen.getByRole('form', { name: 'Editar «Taller»' });
    expect((within(form).getByLabelText('Tipo de clase') as HTMLSelectElement).value).toBe('hybrid');
    expect((within(form).getByLabelText(/^Lugar/) as HTMLInputElement).value).toBe('Sede Norte');
    expect((within(form).getByLabelText(/^Horas planeadas/) as HTMLInputElement).value).toBe('3');
    await userEvent.selectOptions(within(form).getByLabelText('Tipo de clase'), 'En línea');
    await userEvent.clear(within(form).getByLabelText(/^Horas planeadas/));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'online', place: '', plannedHours: null });
  });
});
