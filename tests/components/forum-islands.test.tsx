/**
 * The forum and live-session islands as a person meets them: a thread that
 * takes a comment and a like from the live stream (once, however often the
 * event comes), a like sent as the state wanted, an empty comment refused
 * beside the field, a long thread shown page by page («Ver más
 * comentarios»), the Live Streaming join button that opens only inside the
 * join window, and staff changing a session's details.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import ThreadView from '~/islands/forum/ThreadView';
import LiveSessions from '~/islands/live/LiveSessions';
import RecordingForm from '~/islands/live/RecordingForm';
import { emitLiveMessage } from '~/lib/client/live-stream';
import type { Comment, ThreadPage } from '~/lib/shared/schemas/forums';
import type { LiveSession } from '~/lib/shared/schemas/live-sessions';
import { apiError, fakeApi, json, page } from './support/fake-api';

const threadMessages = pickMessages('es', ['common.', 'admin.common.', 'forum.', 'forums.', 'thread.', 'validation.forum.', 'validation.required.title']);
const liveMessages = pickMessages('es', ['common.', 'admin.common.', 'live.']);
const NOW = new Date().toISOString();

const comment = (id: number, body: string, author = { id: 2, name: 'Tomás Rincón' }): Comment => ({
  id,
  threadId: 7,
  parentId: null,
  author,
  bodyMd: body,
  bodyHtml: `<p>${body}</p>`,
  likeCount: 0,
  likedByMe: false,
  createdAt: NOW,
  editedAt: null,
  hidden: false,
  hiddenInfo: null,
  deleted: false,
  replies: [],
});

const threadPage = (): ThreadPage => ({
  thread: {
    id: 7,
    forumId: 3,
    title: '¿Cuándo usar un ciclo for?',
    excerpt: '',
    author: { id: 1, name: 'Valentina Ospina' },
    pinned: false,
    locked: false,
    hidden: false,
    commentCount: 1,
    likeCount: 0,
    createdAt: NOW,
    lastActivityAt: NOW,
    bodyMd: 'Tengo dudas',
    bodyHtml: '<p>Tengo dudas</p>',
    editedAt: null,
    hiddenInfo: null,
    likedByMe: false,
  },
  comments: [comment(20, 'Usa for para recorrer listas.')],
  page: 1,
  topLevelCount: 1,
  pageSize: 50,
  lastEventId: 100,
  following: 'instant',
  followId: 5,
  canModerate: false,
  canPost: true,
  forum: { id: 3, title: 'Foro de la cohorte', scopeName: 'Cohorte 2026-1' },
});

describe('ThreadView', () => {
  it('shows a comment and a like count that arrive live, once however often the event comes', async () => {
    vi.stubGlobal('EventSource', undefined);
    fakeApi({ idUser: 1 });
    render(<ThreadView lang="es" messages={threadMessages} initial={threadPage()} meId={1} />);
    expect(screen.getByRole('heading', { level: 1, name: '¿Cuándo usar un ciclo for?' })).toBeTruthy();
    const event = { type: 'comment.created' as const, id: 101, comment: comment(21, 'Y while cuando no sabes cuántas veces.'), thread: { id: 7, commentCount: 2, lastActivityAt: NOW } };
    act(() => {
      emitLiveMessage(event);
      emitLiveMessage(event);
      emitLiveMessage({ type: 'likes.changed', id: 102, targetType: 'comment', targetId: 20, threadId: 7, likeCount: 3 });
    });
    expect(await screen.findAllByText('Y while cuando no sabes cuántas veces.')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: /Comentarios/ }).textContent).toContain('2');
    // The first comment's like count is the event's; the new comment has none yet.
    const counts = screen.getAllByRole('button', { name: /Me gusta: comentario de Tomás Rincón/ }).map((button) => button.querySelector('.like-button__count')?.textContent);
    expect(counts).toEqual(['3', '0']);
  });

  it('sends a like as the state wanted and shows the server’s exact count; refuses an empty comment beside the field', async () => {
    vi.stubGlobal('EventSource', undefined);
    const api = fakeApi({ idUser: 1 });
    let sent: unknown = null;
    api.on('POST /api/v2/likes/', async (request) => {
      sent = await request.json();
      return json({ targetType: 'comment', targetId: 20, liked: true, likeCount: 4 });
    });
    render(<ThreadView lang="es" messages={threadMessages} initial={{ ...threadPage(), comments: [comment(20, 'Usa for para recorrer listas.')] }} meId={1} />);
    const article = screen.getAllByRole('article').find((item) => item.getAttribute('aria-label') === 'comentario de Tomás Rincón')!;
    const like = within(article).getByRole('button', { name: /Me gusta/ });
    await userEvent.click(like);
    expect(sent).toMatchObject({ targetType: 'comment', targetId: 20, liked: true });
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(like.textContent).toContain('4');

    const form = screen.getByRole('form', { name: 'Escribe un comentario' });
    await userEvent.click(within(form).getByRole('button', { name: 'Comentar' }));
    expect(await within(form).findByText('Escribe el texto de la publicación')).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('POST /api/v2/comments/'))).toEqual([]);
  });
});

describe('ThreadView, a locked thread', () => {
  const locked = (canPost: boolean): ThreadPage => ({ ...threadPage(), thread: { ...threadPage().thread, locked: true }, canModerate: canPost, canPost });

  it('tells a moderator it is closed to students, above the comment box they still have (issue 35)', () => {
    vi.stubGlobal('EventSource', undefined);
    fakeApi({ idUser: 1 });
    render(<ThreadView lang="es" messages={threadMessages} initial={locked(true)} meId={1} />);
    expect(screen.getByText('Este hilo está cerrado: los estudiantes ya no pueden comentar. Como moderador, aún puedes responder.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Escribe un comentario' })).toBeTruthy();
  });

  it('shows a student that it is closed, with no comment box', () => {
    vi.stubGlobal('EventSource', undefined);
    fakeApi({ idUser: 1 });
    render(<ThreadView lang="es" messages={threadMessages} initial={locked(false)} meId={1} />);
    expect(screen.getByText('Este hilo está cerrado a nuevos comentarios.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Escribe un comentario' })).toBeNull();
    expect(screen.queryByText(/Como moderador/)).toBeNull();
  });
});

describe('ThreadView, a long thread', () => {
  const comments = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => ({ ...comment(from + index, `Comentario ${from + index}`), threadId: 8 }));
  // Thread 8: the events the tests above sent for thread 7 (replayed to islands that mount later) are not its own.
  const longThread = (): ThreadPage => ({ ...threadPage(), comments: comments(1, 20), topLevelCount: 45, pageSize: 20, thread: { ...threadPage().thread, id: 8, commentCount: 45 } });

  it('shows the first comments, and «Ver más comentarios» appends the next page and moves the focus to its first comment', async () => {
    vi.stubGlobal('EventSource', undefined);
    const api = fakeApi({ idUser: 1 });
    api.on('GET /api/v2/threads/8/?page=2', () => json({ ...longThread(), comments: comments(21, 40), page: 2 }));
    api.on('GET /api/v2/threads/8/?page=3', () => json({ ...longThread(), comments: comments(41, 45), page: 3 }));
    render(<ThreadView lang="es" messages={threadMessages} initial={longThread()} meId={1} />);
    expect(screen.getByText('Se muestran 20 de 45 comentarios')).toBeTruthy();
    expect(screen.queryByText('Comentario 21')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ver más comentarios' }));
    expect(await screen.findByText('Comentario 21')).toBeTruthy();
    expect(screen.getByText('Comentario 1')).toBeTruthy();
    expect(screen.getByText('Se muestran 40 de 45 comentarios')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('comment-21'));

    // A comment posted meanwhile is counted, not shown out of place, until the end is reached.
    act(() => emitLiveMessage({ type: 'comment.created', id: 150, comment: { ...comment(46, 'Comentario 46'), threadId: 8 }, thread: { id: 8, commentCount: 46, lastActivityAt: NOW } }));
    expect(await screen.findByText('1 comentario nuevo más abajo')).toBeTruthy();
    expect(screen.queryByText('Comentario 46')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ver más comentarios' }));
    expect(await screen.findByText('Comentario 45')).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('GET /api/v2/threads/8/'))).toEqual(['GET /api/v2/threads/8/?page=2', 'GET /api/v2/threads/8/?page=3']);
  });

  it('keeps the comments shown and says so when the next page cannot be loaded', async () => {
    vi.stubGlobal('EventSource', undefined);
    const api = fakeApi({ idUser: 1 });
    api.on('GET /api/v2/threads/8/?page=2', () => apiError(500, 'internal', 'Algo falló'));
    render(<ThreadView lang="es" messages={threadMessages} initial={longThread()} meId={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver más comentarios' }));
    await waitFor(() => expect(api.calls).toContain('GET /api/v2/threads/8/?page=2'));
    expect(screen.getByText('Comentario 20')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ver más comentarios' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('LiveSessions', () => {
  const session = (overrides: Partial<LiveSession>): LiveSession => ({
    id: 1,
    cohortId: 1,
    cohortName: 'Cohorte 2026-1',
    seriesId: null,
    className: 'Tutoría',
    description: '',
    durationS: 3600,
    startsAt: NOW,
    endsAt: NOW,
    wasLive: true,
    kind: 'online',
    place: null,
    plannedHours: 1,
    courseId: null,
    courseName: null,
    state: 'upcoming',
    recordingUrl: null,
    videoLink: null,
    attended: false,
    myStatus: null,
    attendanceCount: null,
    canManage: false,
    ...overrides,
  });

  it('opens the room only for a session on now: joining asks the server for the link', async () => {
    const api = fakeApi({ idUser: 1, typeUser: 'student' });
    api.on('POST /api/v2/live-session/1/join/', () => json({ url: 'https://meet.example.co/sala', joinedAt: NOW }));
    api.on('GET /api/v2/live-session/?page=1', () => json(page([])));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const initial = page([session({ id: 1, className: 'Tutoría de ciclos', state: 'live' }), session({ id: 2, className: 'Clase de HTML', state: 'upcoming' })]);
    render(<LiveSessions lang="es" messages={liveMessages} initial={initial} managedCohorts={[]} calendarUrl={null} />);
    expect((screen.getByRole('button', { name: 'Se habilita 10 minutos antes' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unirme a Tutoría de ciclos' }));
    expect(api.calls).toContain('POST /api/v2/live-session/1/join/');
    expect(open).toHaveBeenCalledWith('https://meet.example.co/sala', '_blank', 'noopener');
    expect(screen.queryByRole('form', { name: 'Programar una clase' })).toBeNull();
  });

  it('lets staff change a session’s details, with the server’s message beside the field', async () => {
    const api = fakeApi({ idUser: 9, typeUser: 'staff' });
    const sent: Record<string, unknown>[] = [];
    api.on('PATCH /api/v2/live-session/4/', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return String(body.videoLink).startsWith('https://') ? json(session({ id: 4, className: String(body.className), canManage: true })) : apiError(400, 'validation_failed', 'Revisa los campos', { videoLink: 'Ingrese un link válido' });
    });
    api.on('GET /api/v2/live-session/?page=1', () => json(page([session({ id: 4, className: 'Tutoría de listas', canManage: true })])));
    const initial = page([session({ id: 4, className: 'Tutoría', canManage: true, videoLink: 'https://meet.example.co/a', startsAt: '2030-03-05T00:00:00Z', endsAt: '2030-03-05T01:30:00Z', durationS: 5400 })]);
    render(<LiveSessions lang="es" messages={liveMessages} initial={initial} managedCohorts={[{ id: 1, name: 'Cohorte 2026-1', courses: [] }]} calendarUrl={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar Tutoría' }));
    const form = screen.getByRole('form', { name: 'Editar «Tutoría»' });
    // The form starts from the session: its Bogotá times and its duration.
    expect((within(form).getByLabelText(/Fecha de inicio/) as HTMLInputElement).value).toBe('2030-03-04T19:00');
    expect((within(form).getByLabelText('Minutos') as HTMLInputElement).value).toBe('90');
    const link = within(form).getByLabelText('Link del video');
    await userEvent.clear(link);
    await userEvent.type(link, 'sala de siempre');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByText('Ingrese un link válido')).toBeTruthy();

    await userEvent.clear(link);
    await userEvent.type(link, 'https://meet.example.co/b');
    const name = within(form).getByLabelText('Nombre de la clase');
    await userEvent.clear(name);
    await userEvent.type(name, 'Tutoría de listas');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /Editar/ })).toBeNull());
    expect(sent.at(-1)).toMatchObject({ className: 'Tutoría de listas', videoLink: 'https://meet.example.co/b', startDate: '2030-03-04T19:00:00-05:00', endDate: '2030-03-04T20:30:00-05:00', duration: { minutes: '90', seconds: '0' } });
    expect(sent.at(-1)).not.toHaveProperty('cohort');
    expect(await screen.findByRole('heading', { name: 'Tutoría de listas' })).toBeTruthy();
  });

  it('shows a viewer outside Colombia their own time beside Bogotá’s', async () => {
    fakeApi({ idUser: 1, typeUser: 'student' }).on('GET /api/v2/live-session/?page=1', () => json(page([])));
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'Europe/Madrid' };
    });
    const initial = page([session({ startsAt: '2030-03-05T00:00:00Z', endsAt: '2030-03-05T01:00:00Z' })]);
    render(<LiveSessions lang="es" messages={liveMessages} initial={initial} managedCohorts={[]} calendarUrl={null} />);
    // 7:00 p. m. in Bogotá is 1:00 a. m. the next day in Madrid.
    expect((await screen.findByText(/en tu hora:/)).textContent).toMatch(/en tu hora: 5 de mar de 2030, 1:00 a\. m\. GMT\+1/);
    expect(screen.getByText(/en tu hora:/).textContent).toMatch(/4\/03\/2030, 7:00 p\. m\./);
  });
});

describe('RecordingForm', () => {
  it('shows the server’s message beside the link, and saves a good one', async () => {
    const api = fakeApi({ idUser: 1, typeUser: 'staff' });
    api.on('PATCH /api/v2/live-session/3/', async (request) => {
      const body = (await request.json()) as { recordingUrl: string };
      return body.recordingUrl.startsWith('https://') ? json({}) : apiError(400, 'validation_failed', 'Revisa los campos', { recordingUrl: 'Ingrese un link válido' });
    });
    render(<RecordingForm lang="es" messages={pickMessages('es', ['admin.common.', 'live.recording'])} sessionId={3} className="Clase" recordingUrl={null} />);
    const field = screen.getByRole('textbox', { name: 'Link de la grabación' });
    await userEvent.type(field, 'grabación en el drive');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ingrese un link válido')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'https://video.example.co/g');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByText('Ingrese un link válido')).toBeNull());
    expect(api.calls.filter((call) => call.startsWith('PATCH'))).toHaveLength(2);
  });
});
