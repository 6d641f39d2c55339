/**
 * The assignment islands as a person meets them: the submission form (files
 * checked before sending, the server's refusal in its own words), and the
 * grading view (loading, the list, a student's submission, saving a grade
 * and moving on by keyboard, a missing student, a failed read).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import SubmitAssignment from '~/islands/assignment/SubmitAssignment';
import GradingView from '~/islands/assignment/GradingView';
import AssignmentActions from '~/islands/assignment/AssignmentActions';
import AssignmentForm from '~/islands/assignment/AssignmentForm';
import CohortDueDates from '~/islands/admin/cohort/CohortDueDates';
import type { Assignment, RosterRow, StaffSubmission, SubmissionDetail } from '~/lib/shared/schemas/assignments';
import { apiError, fakeApi, FakeXhr, gate, json } from './support/fake-api';

const submitMessages = pickMessages('es', ['assignments.submit.', 'assignments.size.', 'validation.assignments.emptySubmission']);
const gradingMessages = pickMessages('es', ['common.', 'assignments.grading.', 'assignments.lessonFeedback.', 'assignments.sheetUpload.', 'assignments.zipJob.', 'assignments.state.', 'assignments.page.lateDays', 'assignments.anonymousStudent']);

describe('SubmitAssignment', () => {
  const renderForm = () =>
    render(<SubmitAssignment lang="es" messages={submitMessages} assignmentId={7} title="Informe" submissionTypes={['file', 'text']} allowedFileTypes={['pdf']} maxFileMb={1} resubmission={false} />);

  it('refuses a file of another type or too large before sending anything, naming it', async () => {
    const api = fakeApi({ typeUser: 'student' });
    renderForm();
    const input = screen.getByLabelText('Archivos');
    fireEvent.change(input, { target: { files: [new File(['x'], 'foto.png', { type: 'image/png' }), new File([new Uint8Array(2 * 1024 * 1024)], 'grande.pdf', { type: 'application/pdf' })] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('«foto.png» no es de un tipo que reciba esta tarea (PDF).');
    expect(alert.textContent).toContain('«grande.pdf» pesa más de 1 MB.');
    expect(screen.queryByRole('list', { name: 'Archivos elegidos' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('asks for something to submit when the form is empty', async () => {
    fakeApi({ typeUser: 'student' });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Entregar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escribe un texto, pega un enlace o adjunta un archivo');
  });

  it("shows the server's refusal (a late submission) in its words, and the form stays as it was", async () => {
    const api = fakeApi({ typeUser: 'student' });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api.on('POST /api/v2/assignments/7/submissions/', () => apiError(409, 'submission_late', 'La fecha de entrega ya pasó y esta tarea no recibe entregas tarde.'));
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Texto' }), 'Mi informe');
    fireEvent.change(screen.getByLabelText('Archivos'), { target: { files: [new File(['%PDF-1.4'], 'informe.pdf', { type: 'application/pdf' })] } });
    expect(within(screen.getByRole('list', { name: 'Archivos elegidos' })).getByText('informe.pdf')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Entregar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La fecha de entrega ya pasó y esta tarea no recibe entregas tarde.');
    expect((screen.getByRole('textbox', { name: 'Texto' }) as HTMLTextAreaElement).value).toBe('Mi informe');
    expect(api.calls).toEqual(['POST /api/v2/assignments/7/submissions/']);
  });
});

const row = (overrides: Partial<RosterRow> & { id: number; firstName: string; lastName: string }): RosterRow => {
  const { id, firstName, lastName, ...rest } = overrides;
  return {
    anonymousNumber: id,
    student: { id, firstName, lastName, email: `${firstName.toLowerCase()}@senda.test` },
    cohortId: 1,
    state: 'submitted',
    isLate: false,
    lateDays: 0,
    submissionId: 100 + id,
    submissionsCount: 1,
    submittedAt: '2026-03-01T15:00:00Z',
    rawScore: null,
    score: null,
    penaltyPercent: 0,
    filesCount: 0,
    ...rest,
  };
};

const submission = (id: number, text: string, overrides: Partial<StaffSubmission> = {}): StaffSubmission => ({
  id,
  assignmentId: 7,
  userId: id - 100,
  number: 1,
  status: 'submitted',
  submittedAt: '2026-03-01T15:00:00Z',
  text,
  link: null,
  files: [],
  score: null,
  feedback: null,
  lateDays: 0,
  penaltyPercent: 0,
  gradedAt: null,
  student: null,
  anonymousNumber: 1,
  rawScore: null,
  ...overrides,
});

const detail = (item: StaffSubmission) => ({ submission: item, history: [item], assignment: {} }) as unknown as SubmissionDetail;

describe('GradingView', () => {
  const roster = [row({ id: 1, firstName: 'Ana', lastName: 'Alba' }), row({ id: 2, firstName: 'Bruno', lastName: 'Barco', isLate: true, lateDays: 2, penaltyPercent: 20 }), row({ id: 3, firstName: 'Carla', lastName: 'Cano', state: 'missing', submissionId: null, submittedAt: null })];
  const counts = { total: 3, missing: 1, submitted: 2, late: 1, graded: 0 };
  const cohorts = [
    { id: 1, name: 'Cohorte Norte' },
    { id: 2, name: 'Cohorte Sur' },
  ];
  const lessons = [
    { id: 31, title: 'Lección 1: medir' },
    { id: 32, title: 'Lección 2: informar' },
  ];
  const renderView = (initialCohort: number | null = null) =>
    render(<GradingView lang="es" messages={gradingMessages} assignmentId={7} maxScore={100} releasePending={false} zipExportId={null} cohorts={cohorts} initialCohort={initialCohort} lessons={lessons} />);

  it('shows loading, then the list and the first student\'s submission, with the neighbour read ahead', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    const answer = gate();
    api.on('GET /api/v2/assignments/7/roster/?sort=status', async () => {
      await answer.opened;
      return json({ rows: roster, counts });
    });
    api.on('GET /api/v2/assignments/submissions/101/', () => json(detail(submission(101, 'Informe de Ana'))));
    api.on('GET /api/v2/assignments/submissions/102/', () => json(detail(submission(102, 'Informe de Bruno', { status: 'late', lateDays: 2, penaltyPercent: 20 }))));
    renderView();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    expect(await screen.findByText('Informe de Ana')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alba, Ana' })).toBeTruthy();
    expect(screen.getByText('3 estudiantes · 2 sin calificar · 1 sin entrega · 0 calificados')).toBeTruthy();
    await waitFor(() => expect(api.calls).toContain('GET /api/v2/assignments/submissions/102/'));
  });

  it('saves a grade with Ctrl+Enter and moves to the next student; J and K move without a reload; a missing student says so', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('GET /api/v2/assignments/7/roster/?sort=status', () => json({ rows: roster, counts }));
    api.on('GET /api/v2/assignments/submissions/101/', () => json(detail(submission(101, 'Informe de Ana'))));
    api.on('GET /api/v2/assignments/submissions/102/', () => json(detail(submission(102, 'Informe de Bruno', { status: 'late', lateDays: 2, penaltyPercent: 20 }))));
    let saved: unknown = null;
    api.on('POST /api/v2/assignments/submissions/grade/', async (request) => {
      saved = await request.json();
      return json(submission(101, 'Informe de Ana', { rawScore: 85, score: 85 }));
    });
    renderView();
    const score = await screen.findByRole('textbox', { name: 'Calificación (0 a 100)' });
    await userEvent.type(score, '85');
    await userEvent.type(screen.getByRole('textbox', { name: 'Comentarios para el estudiante (Markdown)' }), 'Muy bien{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('heading', { name: 'Barco, Bruno' })).toBeTruthy();
    expect(saved).toMatchObject({ submissionId: 101, score: 85, feedback: 'Muy bien' });
    expect(screen.getByText('Se descontará 20 % por retraso.')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Estudiantes' })).getByRole('button', { name: /Alba, Ana.*Calificada/ })).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'j' });
    expect(await screen.findByRole('heading', { name: 'Cano, Carla' })).toBeTruthy();
    expect(screen.getByText('Este estudiante todavía no ha entregado.')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(await screen.findByText('Informe de Bruno')).toBeTruthy();
    // Bruno's submission was read once: moving back and forth reads nothing again.
    expect(api.calls.filter((call) => call === 'GET /api/v2/assignments/submissions/102/')).toHaveLength(1);
  });

  it('a score above the maximum comes back from the server beside the score', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('GET /api/v2/assignments/7/roster/?sort=status', () => json({ rows: roster.slice(0, 1), counts }));
    api.on('GET /api/v2/assignments/submissions/101/', () => json(detail(submission(101, 'Informe de Ana'))));
    api.on('POST /api/v2/assignments/submissions/grade/', () => apiError(400, 'validation_failed', 'Revisa los datos.', { score: 'Debe ser como máximo 100' }));
    renderView();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Calificación (0 a 100)' }), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Debe ser como máximo 100')).toBeTruthy();
  });

  it('filters by cohort, keeping the choice in the address; a page opened with a cohort reads only it', async () => {
    window.history.replaceState(null, '', '/assignments/7/grading');
    const api = fakeApi({ typeUser: 'staff' });
    api.on('GET /api/v2/assignments/7/roster/?sort=status', () => json({ rows: roster, counts }));
    api.on('GET /api/v2/assignments/7/roster/?sort=status&cohort=2', () => json({ rows: [roster[1]!], counts: { total: 1, missing: 0, submitted: 1, late: 1, graded: 0 } }));
    api.on('GET /api/v2/assignments/submissions/101/', () => json(detail(submission(101, 'Informe de Ana'))));
    api.on('GET /api/v2/assignments/submissions/102/', () => json(detail(submission(102, 'Informe de Bruno'))));
    const view = renderView();
    expect(await screen.findByText('Informe de Ana')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cohorte' }), 'Cohorte Sur');
    expect(await screen.findByRole('heading', { name: 'Barco, Bruno' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Estudiantes' })).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByText('1 estudiante · 1 sin calificar · 0 sin entrega · 0 calificados')).toBeTruthy();
    expect(window.location.search).toBe('?cohort=2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cohorte' }), 'Todas mis cohortes');
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Estudiantes' })).getAllByRole('button')).toHaveLength(3));
    expect(window.location.search).toBe('');
    view.unmount();

    api.calls.length = 0;
    renderView(2);
    expect(await screen.findByRole('heading', { name: 'Barco, Bruno' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Cohorte' }) as HTMLSelectElement).value).toBe('2');
    expect(api.calls.filter((call) => call.includes('/roster/'))).toEqual(['GET /api/v2/assignments/7/roster/?sort=status&cohort=2']);
  });

  it('sends the student a comment on a lesson; an empty one or a refusal is shown beside its field', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('GET /api/v2/assignments/7/roster/?sort=status', () => json({ rows: roster.slice(0, 1), counts }));
    api.on('GET /api/v2/assignments/submissions/101/', () => json(detail(submission(101, 'Informe de Ana'))));
    const sent: unknown[] = [];
    api.on('POST /api/v2/feedbacks/', async (request) => {
      const body = (await request.json()) as { lessonId: number };
      sent.push(body);
      return body.lessonId === 32 ? apiError(400, 'validation_failed', 'Revisa los datos.', { lessonId: 'No es de este estudiante' }) : json({ id: 9 }, 201);
    });
    renderView();
    await screen.findByText('Informe de Ana');
    await userEvent.click(screen.getByText('Comentario sobre una lección'));
    const form = screen.getByRole('form', { name: 'Comentario sobre una lección' });
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar comentario' }));
    expect(within(form).getByText('Escribe el comentario')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: /^Comentario para el estudiante/ }), 'Repasa la medición');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar comentario' }));
    expect(await within(form).findByText('Comentario enviado a Alba, Ana sobre «Lección 1: medir».')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ studentId: 1, lessonId: 31, body: 'Repasa la medición' });
    expect((within(form).getByRole('textbox', { name: /^Comentario para el estudiante/ }) as HTMLTextAreaElement).value).toBe('');

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Lección' }), 'Lección 2: informar');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Comentario para el estudiante/ }), 'Otra');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar comentario' }));
    expect(await within(form).findByText('No es de este estudiante')).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: /^Lección/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('offers no lesson comment while names are hidden (anonymous grading)', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('GET /api/v2/assignments/7/roster/?sort=status', () => json({ rows: [{ ...roster[0]!, student: null, anonymousNumber: 4 }], counts }));
    api.on('GET /api/v2/assignments/submissions/101/', () => json(detail(submission(101, 'Informe anónimo'))));
    renderView();
    expect(await screen.findByText('Informe anónimo')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Estudiante 4' })).toBeTruthy();
    expect(screen.queryByText('Comentario sobre una lección')).toBeNull();
  });

  it('says when the list cannot be read, with a retry', async () => {
    fakeApi({ typeUser: 'staff' }).on('GET /api/v2/assignments/7/roster/?sort=status', () => apiError(500, 'internal', 'Algo falló de nuestro lado.'));
    renderView();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Algo falló de nuestro lado.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('AssignmentActions', () => {
  const messages = pickMessages('es', ['assignments.actions.']);

  it('publishes a draft, and says so', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('PATCH /api/v2/assignments/7/', async (request) => json({ id: 7, published: ((await request.json()) as { published: boolean }).published }));
    render(<AssignmentActions lang="es" messages={messages} assignmentId={7} courseId={3} published={false} />);
    expect(screen.getByText('Borrador: los estudiantes no la ven.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Publicada: los estudiantes la ven.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ocultar a los estudiantes' })).toBeTruthy();
  });

  it('asks before deleting, and shows why it cannot once students submitted', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('DELETE /api/v2/assignments/7/', () => apiError(409, 'assignment_has_submissions', 'Esta tarea ya tiene 3 entregas y no se puede borrar: despublícala para ocultarla.'));
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    render(<AssignmentActions lang="es" messages={messages} assignmentId={7} courseId={3} published />);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar la tarea' }));
    expect(api.calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar la tarea' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta tarea ya tiene 3 entregas y no se puede borrar: despublícala para ocultarla.');
    expect(confirm).toHaveBeenCalledWith('¿Borrar esta tarea? No se puede deshacer.');
  });
});

describe('AssignmentForm (editing)', () => {
  const messages = pickMessages('es', ['assignments.form.', 'home.activity.']);
  const assignment = {
    id: 7,
    courseId: 3,
    course: { id: 3, name: 'Curso' },
    title: 'Informe de laboratorio',
    instructions: 'Sube el **PDF**',
    activityType: 'evaluation',
    isCheckpoint: false,
    maxScore: 100,
    dueAt: '2026-03-10T23:59:00.000Z',
    latePolicy: { mode: 'penalize', penaltyPercentPerDay: 10 },
    submissionTypes: ['file', 'text'],
    allowedFileTypes: ['pdf'],
    maxFileMb: 25,
    published: true,
    anonymousGrading: false,
    gradeRelease: 'automatic',
    gradesReleasedAt: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
  } satisfies Assignment;

  it('starts from the settings as they are and saves the changes with PATCH', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let body: Record<string, unknown> = {};
    api.on('PATCH /api/v2/assignments/7/', async (request) => {
      body = (await request.json()) as Record<string, unknown>;
      return json({ ...assignment, ...body });
    });
    render(<AssignmentForm lang="es" messages={messages} courseId={3} assignment={assignment} />);
    const form = screen.getByRole('form', { name: 'Editar la tarea' });
    expect((within(form).getByRole('textbox', { name: 'Título' }) as HTMLInputElement).value).toBe('Informe de laboratorio');
    expect((within(form).getByLabelText('Fecha de entrega (hora de Bogotá)') as HTMLInputElement).value).toBe('2026-03-10T18:59');
    expect((within(form).getByRole('radio', { name: 'Recibirlas con descuento por día' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'PDF' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Enlace' }) as HTMLInputElement).checked).toBe(false);

    const title = within(form).getByRole('textbox', { name: 'Título' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Informe final');
    fireEvent.change(within(form).getByLabelText('Fecha de entrega (hora de Bogotá)'), { target: { value: '' } });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'DOCX' }));
    const size = within(form).getByRole('textbox', { name: 'Tamaño máximo por archivo (MB, hasta 100)' });
    await userEvent.clear(size);
    await userEvent.type(size, '10');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Calificación anónima (los nombres se ven al publicar las calificaciones)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/assignments/7'));
    expect(body).toMatchObject({
      title: 'Informe final',
      dueAt: null,
      latePolicy: { mode: 'penalize', penaltyPercentPerDay: 10 },
      submissionTypes: ['file', 'text'],
      allowedFileTypes: ['pdf', 'docx'],
      maxFileMb: 10,
      anonymousGrading: true,
      gradeRelease: 'manual',
      published: true,
    });
  });

  it("shows the server's refusals beside their fields, and keeps what was typed", async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('PATCH /api/v2/assignments/7/', () =>
      apiError(400, 'validation_failed', 'Revisa los datos.', { title: 'Escribe el título', maxFileMb: 'Debe ser como máximo 100', 'latePolicy.penaltyPercentPerDay': 'Debe ser como máximo 100' }),
    );
    render(<AssignmentForm lang="es" messages={messages} courseId={3} assignment={assignment} />);
    const form = screen.getByRole('form', { name: 'Editar la tarea' });
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Título' }));
    const size = within(form).getByRole('textbox', { name: 'Tamaño máximo por archivo (MB, hasta 100)' });
    await userEvent.clear(size);
    await userEvent.type(size, '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByText('Escribe el título')).toBeTruthy();
    const title = within(form).getByRole('textbox', { name: /Título/ });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBe(within(form).getByText('Escribe el título').id);
    expect(within(size.closest('label')!).getByText('Debe ser como máximo 100')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /Descuento por día de retraso/ }).getAttribute('aria-invalid')).toBe('true');
    expect((size as HTMLInputElement).value).toBe('500');
    expect(within(form).getByRole('alert').textContent).toBe('Revisa los datos.');
  });

  it('creating: a new assignment posts its course and opens its page', async () => {
    const api = fakeApi({ typeUser: 'staff' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let body: Record<string, unknown> = {};
    api.on('POST /api/v2/assignments/', async (request) => {
      body = (await request.json()) as Record<string, unknown>;
      return json({ ...assignment, id: 12 }, 201);
    });
    render(<AssignmentForm lang="es" messages={messages} courseId={3} />);
    const form = screen.getByRole('form', { name: 'Nueva tarea' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Título' }), 'Mapa');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear tarea' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/assignments/12'));
    expect(body).toMatchObject({ courseId: 3, title: 'Mapa', submissionTypes: ['file', 'text', 'link'], maxFileMb: 25, published: true });
    expect(body).not.toHaveProperty('dueAt');
    expect(body).not.toHaveProperty('allowedFileTypes');
  });
});

describe('CohortDueDates', () => {
  const messages = pickMessages('es', ['common.', 'admin.common.', 'admin.dueDates.']);
  const item = (dueAt: string | null, isMoved: boolean) => ({
    assignment: { id: 5, title: 'Informe', course: { id: 2, name: 'Curso' }, activityType: 'practical', isCheckpoint: false, published: true },
    dueAt,
    defaultDueAt: '2026-03-10T23:59:00.000Z',
    isMoved,
    counts: { total: 30, missing: 10, submitted: 15, late: 2, graded: 5 },
  });

  it("moves a due date for the cohort (Bogotá time), then gives back the assignment's own", async () => {
    const api = fakeApi({ typeUser: 'staff' });
    api.on('GET /api/v2/cohorts/4/content/assignments/', () => json({ count: 1, next: null, previous: null, results: [item('2026-03-10T23:59:00.000Z', false)] }));
    const sent: unknown[] = [];
    api.on('PUT /api/v2/cohorts/4/content/assignments/5/', async (request) => {
      const body = (await request.json()) as { dueAt: string | null };
      sent.push(body.dueAt);
      return json(body.dueAt ? item(new Date(body.dueAt).toISOString(), true) : item('2026-03-10T23:59:00.000Z', false));
    });
    render(<CohortDueDates lang="es" messages={messages} cohortId={4} canManage />);
    expect(await screen.findByText('20 de 30 entregaron', { exact: false })).toBeTruthy();
    const field = screen.getByLabelText('Nueva fecha para «Informe» (hora de Bogotá)') as HTMLInputElement;
    expect(field.value).toBe('2026-03-10T18:59');
    fireEvent.change(field, { target: { value: '2026-03-15T20:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar fecha' }));
    expect(await screen.findByText('fecha propia de la cohorte', { exact: false })).toBeTruthy();
    expect(sent).toEqual(['2026-03-15T20:00:00-05:00']);
    await userEvent.click(screen.getByRole('button', { name: 'Usar la fecha de la tarea' }));
    await waitFor(() => expect(sent).toEqual(['2026-03-15T20:00:00-05:00', null]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Usar la fecha de la tarea' })).toBeNull());
  });
});
