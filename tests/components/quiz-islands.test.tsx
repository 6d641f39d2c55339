/**
 * The quiz islands as a person meets them: the player (resume, refusals, an
 * answer kept offline and sent when the connection is back, another
 * device's newer answer, the submit's unanswered count), the editor (the
 * server's field messages beside the question) and the attempts table.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import QuizPlayer from '~/islands/quiz/QuizPlayer';
import QuizEditor from '~/islands/admin/quizzes/QuizEditor';
import QuizAttempts from '~/islands/admin/quizzes/QuizAttempts';
import type { AttemptRow, StartAttemptResult } from '~/lib/shared/schemas/quizzes';
import { apiError, fakeApi, gate, json, page } from './support/fake-api';

const playerMessages = pickMessages('es', ['common.', 'quiz.player.']);
const editorMessages = pickMessages('es', ['common.', 'admin.common.', 'admin.quizzes.', 'home.activity.']);
const attemptsMessages = pickMessages('es', ['common.', 'admin.common.', 'admin.quizzes.', 'quiz.']);

const taking = (answers: StartAttemptResult['attempt']['answers'] = []): StartAttemptResult => ({
  attempt: { id: 40, status: 'in_progress', startedAt: '2026-03-01T15:00:00Z', deadline: null, answers },
  questions: [
    { id: 1, type: 'single', prompt: '¿Capital de Colombia?', promptHtml: '<p>¿Capital de Colombia?</p>', points: 1, options: [{ id: 11, text: 'Bogotá' }, { id: 12, text: 'Lima' }] },
    { id: 2, type: 'short_text', prompt: '¿Etiqueta de enlace?', promptHtml: '<p>¿Etiqueta de enlace?</p>', points: 1 },
    { id: 3, type: 'numeric', prompt: '¿6 × 7?', promptHtml: '<p>¿6 × 7?</p>', points: 1 },
  ],
  serverNow: '2026-03-01T15:00:00Z',
});

const setOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
afterEach(() => setOnline(true));

describe('QuizPlayer', () => {
  const renderPlayer = (openAttemptId: number | null = null) => render(<QuizPlayer lang="es" messages={playerMessages} quizId={9} openAttemptId={openAttemptId} />);

  it('resumes the attempt under way at once, with the answers the server kept', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on('POST /api/v2/quizzes/9/answers/start/', async () => {
      await answer.opened;
      return json(taking([{ questionId: 1, optionIds: [11] }, { questionId: 3, number: 42 }]));
    });
    renderPlayer(40);
    expect(screen.getByText('Retomando tu intento…')).toBeTruthy();
    answer.open();
    expect(((await screen.findByRole('radio', { name: 'Bogotá' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Tu respuesta (un número)' }) as HTMLInputElement).value).toBe('42');
    expect(screen.getByText('2 de 3 respondidas')).toBeTruthy();
  });

  it('says why a quiz cannot be started, in the server\'s words', async () => {
    fakeApi().on('POST /api/v2/quizzes/9/answers/start/', () => apiError(409, 'attempts_exhausted', 'Ya usaste tu único intento de este cuestionario.'));
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ya usaste tu único intento de este cuestionario.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('once an attempt starts, the page’s count says which one is under way, not every attempt still left (issue 35)', async () => {
    const api = fakeApi();
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking()));
    const line = document.createElement('span');
    line.dataset.attemptsLine = '';
    line.dataset.inProgress = 'Intento 1 de 3 en curso';
    line.textContent = 'Te quedan 3 de 3';
    document.body.append(line);
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    await screen.findByRole('radio', { name: 'Bogotá' });
    expect(line.textContent).toBe('Intento 1 de 3 en curso');
    line.remove();
  });

  it('keeps an answer given offline in this browser, says so, and sends it when the connection is back', async () => {
    const api = fakeApi();
    const saves: unknown[] = [];
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking()));
    api.on('POST /api/v2/quizzes/9/answers/', async (request) => {
      saves.push(await request.json());
      return json({ questionId: 1, savedAt: '2026-03-01T15:01:00Z', applied: true });
    });
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    setOnline(false);
    await userEvent.click(await screen.findByRole('radio', { name: 'Bogotá' }));
    expect(await screen.findByText(/Guardada en este dispositivo/)).toBeTruthy();
    expect(screen.getByText(/Sin conexión: 1 respuesta está guardada en este dispositivo/)).toBeTruthy();
    expect(saves).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem('quizAnswerQueue:40')!)).toMatchObject([{ questionId: 1, optionIds: [11] }]);

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Todas tus respuestas están guardadas.')).toBeTruthy();
    expect(saves).toMatchObject([{ attemptId: 40, questionId: 1, optionIds: [11], clientSavedAt: expect.any(String) }]);
    expect(window.localStorage.getItem('quizAnswerQueue:40')).toBeNull();
  });

  it('answers left in the browser by an earlier visit are shown over the server\'s and sent first', async () => {
    const api = fakeApi();
    const saves: unknown[] = [];
    window.localStorage.setItem('quizAnswerQueue:40', JSON.stringify([{ questionId: 2, text: 'ancla', clientSavedAt: '2026-03-01T15:00:30Z' }]));
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking([{ questionId: 2, text: 'a' }])));
    api.on('POST /api/v2/quizzes/9/answers/', async (request) => {
      saves.push(await request.json());
      return json({ questionId: 2, savedAt: '2026-03-01T15:01:00Z', applied: true });
    });
    renderPlayer(40);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Tu respuesta' }) as HTMLInputElement).value).toBe('ancla'));
    await waitFor(() => expect(saves).toMatchObject([{ questionId: 2, text: 'ancla', clientSavedAt: '2026-03-01T15:00:30Z' }]));
  });

  it('shows the answer the server keeps when another device saved a newer one', async () => {
    const api = fakeApi();
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking()));
    api.on('POST /api/v2/quizzes/9/answers/', () => json({ questionId: 1, savedAt: '2026-03-01T15:02:00Z', applied: false, kept: { questionId: 1, optionIds: [12] } }));
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Bogotá' }));
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Lima' }) as HTMLInputElement).checked).toBe(true));
  });

  it('a number that is not one is said beside the field and never sent', async () => {
    const api = fakeApi();
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking()));
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tu respuesta (un número)' }), { target: { value: 'cuarenta' } });
    expect(screen.getByText('Escribe un número, por ejemplo 3,5')).toBeTruthy();
    expect(window.localStorage.getItem('quizAnswerQueue:40')).toBeNull();
  });

  it("counts down on the server's clock and warns in the last five minutes, whatever the device's clock says", async () => {
    const api = fakeApi();
    // The device is an hour ahead: only the time since the server answered counts.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-01T16:00:00Z'));
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json({ ...taking(), attempt: { ...taking().attempt, deadline: '2026-03-01T15:04:00Z' } }));
    renderPlayer(40);
    expect((await screen.findByRole('timer')).textContent).toBe('04:00');
    expect(screen.getByRole('alert').textContent).toBe('Quedan 5 minutos.');
  });

  it('closes the attempt itself when the time is up and goes to its result', async () => {
    const api = fakeApi();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const completed = gate();
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json({ ...taking(), attempt: { ...taking().attempt, deadline: '2026-03-01T15:00:00Z' } }));
    api.on('POST /api/v2/quizzes/9/answers/completed/', () => {
      completed.open();
      return json({ attempt: { id: 40, status: 'completed' } });
    });
    renderPlayer(40);
    await completed.opened;
    expect(await screen.findByText('Se acabó el tiempo. El intento se cerró con las respuestas que quedaron guardadas.')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/quizzes/9/attempts/40'));
  });

  it('before submitting, says how many questions are unanswered', async () => {
    const api = fakeApi();
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking([{ questionId: 1, optionIds: [11] }])));
    renderPlayer(40);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar respuestas' }));
    expect(screen.getByText(/Tienes 2 preguntas sin responder\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Seguir respondiendo' }));
    expect(screen.queryByText(/sin responder/)).toBeNull();
  });
});

describe('QuizPlayer offline (issue 34)', () => {
  const renderPlayer = () => render(<QuizPlayer lang="es" messages={playerMessages} quizId={9} openAttemptId={null} />);
  const { questions } = taking();
  /** The quiz's student read as the level download keeps it, in Cache Storage under its exact address. */
  const downloaded = (read: Record<string, unknown>) =>
    vi.stubGlobal('caches', {
      open: async (name: string) => ({
        match: async (url: string) => (name === 'senda-downloads-v1' && url === '/api/v2/quizzes/9/' ? json({ id: 9, availability: 'open', attemptsUsed: 0, maxAttempts: 3, ...read }) : undefined),
      }),
    });
  const signedInAs = (idUser: number) => {
    const api = fakeApi({ idUser });
    window.localStorage.setItem('userInfo', JSON.stringify({ idUser, typeUser: 'student' }));
    return api;
  };
  const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

  it('an untimed downloaded quiz starts offline, keeps answers and the submit on the device, and sends them once when the connection returns', async () => {
    const api = signedInAs(5);
    downloaded({ timeLimitS: null, offlineQuestions: questions });
    setOnline(false);
    api.on('POST /api/v2/quizzes/9/answers/start/', noNetwork);
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Bogotá' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu respuesta (un número)' }), '42');
    expect(screen.getByText('2 respuestas esperan para enviarse.')).toBeTruthy();
    expect(screen.getAllByText(/Guardada en este dispositivo/)).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, enviar' }));
    expect(screen.getByText(/Tu envío está en espera/)).toBeTruthy();

    const saves: unknown[] = [];
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking()));
    api.on('POST /api/v2/quizzes/9/answers/', async (request) => {
      const body = (await request.json()) as { questionId: number };
      saves.push(body);
      return json({ questionId: body.questionId, savedAt: '2026-03-01T15:01:00Z', applied: true });
    });
    api.on('POST /api/v2/quizzes/9/answers/completed/', () => json({ attempt: { id: 40 } }));
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText(/Enviado: el servidor ya tiene tus respuestas y tu envío/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver el resultado' }).getAttribute('href')).toBe('/quizzes/9/attempts/40');
    expect(saves).toMatchObject([
      { attemptId: 40, questionId: 1, optionIds: [11] },
      { attemptId: 40, questionId: 3, number: 42 },
    ]);
    expect(api.calls.filter((call) => call.endsWith('/start/') || call.endsWith('/completed/'))).toEqual([
      'POST /api/v2/quizzes/9/answers/start/',
      'POST /api/v2/quizzes/9/answers/start/',
      'POST /api/v2/quizzes/9/answers/completed/',
    ]);
    expect(window.localStorage.getItem('quizOfflineAttempt:9:5')).toBeNull();
  });

  it('a timed quiz offline says it must be started online and shows nothing to answer', async () => {
    signedInAs(5).on('POST /api/v2/quizzes/9/answers/start/', noNetwork);
    downloaded({ timeLimitS: 1200, offlineQuestions: null });
    setOnline(false);
    renderPlayer();
    expect(await screen.findByText(/tiene tiempo límite: empiézalo con conexión/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/tiene tiempo límite: empiézalo con conexión/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(window.localStorage.getItem('quizOfflineAttempt:9:5')).toBeNull();
  });

  it('a quiz closed meanwhile: the server’s message and the answers given are shown, and nothing is sent', async () => {
    const api = signedInAs(5);
    downloaded({ timeLimitS: null, offlineQuestions: questions });
    setOnline(false);
    api.on('POST /api/v2/quizzes/9/answers/start/', noNetwork);
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Bogotá' }));

    api.on('POST /api/v2/quizzes/9/answers/start/', () => apiError(409, 'quiz_closed', 'Este cuestionario está cerrado.'));
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Este cuestionario está cerrado.');
    expect(alert.textContent).toContain('Estas son las respuestas que diste; no se enviaron.');
    expect((screen.getByRole('radio', { name: 'Bogotá' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Bogotá' }) as HTMLInputElement).disabled).toBe(true);
    expect(api.calls.filter((call) => call === 'POST /api/v2/quizzes/9/answers/')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Entendido, borrar de este dispositivo' }));
    expect(screen.getByRole('button', { name: 'Empezar el cuestionario' })).toBeTruthy();
    expect(window.localStorage.getItem('quizOfflineAttempt:9:5')).toBeNull();
  });

  it('an attempt started online resumes from what the server answered when the page is reloaded offline', async () => {
    const api = signedInAs(5);
    api.on('POST /api/v2/quizzes/9/answers/start/', () => json(taking([{ questionId: 3, number: 42 }])));
    const first = render(<QuizPlayer lang="es" messages={playerMessages} quizId={9} openAttemptId={40} />);
    expect(((await screen.findByRole('textbox', { name: 'Tu respuesta (un número)' })) as HTMLInputElement).value).toBe('42');
    first.unmount();

    // The reload, without a connection: the start gets no answer.
    api.on('POST /api/v2/quizzes/9/answers/start/', noNetwork);
    setOnline(false);
    render(<QuizPlayer lang="es" messages={playerMessages} quizId={9} openAttemptId={40} />);
    expect(await screen.findByText(/sigues el intento que empezaste en línea/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Tu respuesta (un número)' }) as HTMLInputElement).value).toBe('42');
    await userEvent.click(screen.getByRole('radio', { name: 'Bogotá' }));
    expect(JSON.parse(window.localStorage.getItem('quizAnswerQueue:40')!)).toMatchObject([{ questionId: 1, optionIds: [11] }]);
  });

  it('another person signing in on this browser neither sees nor sends an offline attempt', async () => {
    window.localStorage.setItem(
      'quizOfflineAttempt:9:5',
      JSON.stringify({ quizId: 9, userId: 5, startedAt: '2026-03-01T15:00:00Z', questions, answers: [{ questionId: 1, optionIds: [11], clientSavedAt: '2026-03-01T15:00:01Z' }], acknowledged: {}, submitted: true, serverAttemptId: null, conflict: null }),
    );
    const api = signedInAs(6);
    renderPlayer();
    expect(screen.getByRole('button', { name: 'Empezar el cuestionario' })).toBeTruthy();
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(api.calls).toEqual([]);
    expect(window.localStorage.getItem('quizOfflineAttempt:9:5')).not.toBeNull();
  });
});

describe('QuizEditor', () => {
  it('puts the server\'s message beside the question it is about', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/courses/5/questions/tags/', () => json([]));
    api.on('POST /api/v2/courses/5/quizzes/', () => apiError(400, 'validation_failed', 'Revisa los datos enviados.', { 'questions.0.options': 'Marca exactamente una opción correcta' }));
    render(<QuizEditor lang="es" messages={editorMessages} courseId={5} quiz={null} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Título' }), 'Quiz de prueba');
    await userEvent.click(screen.getByRole('button', { name: '+ Opción única' }));
    const question = screen.getByRole('group', { name: 'Pregunta 1' });
    await userEvent.type(within(question).getByRole('textbox', { name: 'Enunciado (Markdown)' }), '¿Dos más dos?');
    await userEvent.click(screen.getByRole('button', { name: 'Crear el cuestionario' }));
    expect(await within(question).findByText('Marca exactamente una opción correcta')).toBeTruthy();
    expect(screen.getByText('Revisa los datos enviados.')).toBeTruthy();
  });

  it('refuses to send a quiz without a title', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/courses/5/questions/tags/', () => json([]));
    render(<QuizEditor lang="es" messages={editorMessages} courseId={5} quiz={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Crear el cuestionario' }));
    expect(await screen.findByText('Revisa los campos marcados.')).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });
});

describe('QuizAttempts', () => {
  const row = (id: number, firstName: string, overrides: Partial<AttemptRow> = {}): AttemptRow => ({
    id,
    quizId: 9,
    number: 1,
    status: 'completed',
    startedAt: '2026-03-01T15:00:00Z',
    deadline: null,
    completedAt: '2026-03-01T15:20:00Z',
    closedBy: 'student',
    score: 7,
    maxScore: 10,
    percent: 70,
    passed: true,
    pendingManualGrading: false,
    student: { id: id + 100, firstName, lastName: 'Ruiz', email: `${firstName.toLowerCase()}@senda.test` },
    ...overrides,
  });
  const renderTable = () => render(<QuizAttempts lang="es" messages={attemptsMessages} quizId={9} cohorts={[]} />);

  it('loads the attempts, with who waits for a grade', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on('GET /api/v2/quizzes/9/attempts/', async () => {
      await answer.opened;
      return json(page([row(1, 'Ana'), row(2, 'Luis', { pendingManualGrading: true, passed: false })]));
    });
    renderTable();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    expect(await screen.findByRole('button', { name: 'Calificar a Luis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver el intento de Ana' })).toBeTruthy();
    expect(screen.getAllByText('Pendiente de calificación').length).toBe(1);
  });

  it('says when there are none, and why the list could not be read', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/quizzes/9/attempts/', () => json(page([])));
    const { unmount } = renderTable();
    expect(await screen.findByText('Aún no hay intentos.')).toBeTruthy();
    unmount();
    api.on('GET /api/v2/quizzes/9/attempts/', () => apiError(404, 'not_found', 'No encontramos lo que buscas.'));
    renderTable();
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos lo que buscas.');
  });
});
