/**
 * The main states of the islands (loading, empty, error, loaded) and the
 * changes people make in them, as a person sees them: Spanish text, roles
 * and labels. The islands, the loader and the request helper are the real
 * ones; only the network answers from the test.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import CohortMembers from '~/islands/admin/cohort/CohortMembers';
import CohortNews from '~/islands/admin/cohort/CohortNews';
import LessonAttachments from '~/islands/admin/lessons/LessonAttachments';
import type { LessonAttachment } from '~/lib/shared/schemas/lesson-attachments';
import type { News } from '~/lib/shared/schemas/news';
import type { CohortMember } from '~/lib/shared/schemas/structure';
import { apiError, fakeApi, gate, json, page } from './support/fake-api';

const cohortMessages = pickMessages('es', ['common.', 'admin.common.', 'admin.members.', 'admin.news.']);
const attachmentMessages = pickMessages('es', ['common.', 'admin.common.', 'admin.attachments.']);

const attachment = (id: number, fileName: string): LessonAttachment => ({
  id,
  lessonId: 7,
  fileName,
  contentType: 'application/pdf',
  sizeBytes: 2048,
  position: id,
  createdAt: '2026-11-01T12:00:00Z',
  downloadUrl: `/api/v2/lessons/7/attachments/${id}/download/`,
});

describe('LessonAttachments', () => {
  const renderIsland = () => render(<LessonAttachments lang="es" messages={attachmentMessages} lessonId={7} />);

  it('says it is loading until the list arrives, then lists the files', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on('GET /api/v2/lessons/7/attachments/', async () => {
      await answer.opened;
      return json([attachment(1, 'guia.pdf'), attachment(2, 'taller.docx')]);
    });
    renderIsland();
    expect(screen.getByText('Cargando…')).toBeTruthy();
    answer.open();
    const list = await screen.findByRole('list', { name: 'Archivos adjuntos de la lección' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['guia.pdf', 'taller.docx']);
  });

  it('says there are none yet', async () => {
    fakeApi().on('GET /api/v2/lessons/7/attachments/', () => json([]));
    renderIsland();
    expect(await screen.findByText('Esta lección aún no tiene archivos adjuntos.')).toBeTruthy();
  });

  it('shows why the list could not be read, and a retry that reads it', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/lessons/7/attachments/', () => apiError(404, 'lesson_not_found', 'La lección no existe.'));
    renderIsland();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La lección no existe.');

    api.on('GET /api/v2/lessons/7/attachments/', () => json([attachment(1, 'guia.pdf')]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'guia.pdf' })).toBeTruthy();
  });

  it('deletes a file only after the person confirms, and keeps it when the server refuses', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/lessons/7/attachments/', () => json([attachment(1, 'guia.pdf'), attachment(2, 'taller.docx')]));
    api.on('DELETE /api/v2/lessons/7/attachments/1/', () => new Response(null, { status: 204 }));
    api.on('DELETE /api/v2/lessons/7/attachments/2/', () => apiError(409, 'conflict', 'El archivo está en uso.'));
    renderIsland();
    // The browser's confirmation dialog: the person answers no, then yes.
    const confirm = vi.fn<(message?: string) => boolean>();
    vi.stubGlobal('confirm', confirm);

    confirm.mockReturnValueOnce(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar «guia.pdf»' }));
    expect(confirm).toHaveBeenLastCalledWith('¿Eliminar «guia.pdf»? Esta acción no se puede deshacer.');
    expect(api.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);

    confirm.mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar «guia.pdf»' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'guia.pdf' })).toBeNull());

    confirm.mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar «taller.docx»' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El archivo está en uso.');
    expect(screen.getByRole('link', { name: 'taller.docx' })).toBeTruthy();
  });
});

const news = (id: number, title: string): News => ({ id, cohortId: 3, title, body: `Cuerpo de ${title}`, publishedAt: '2026-11-20T15:00:00Z', authorId: 1 });

describe('CohortNews', () => {
  const renderIsland = () => render(<CohortNews lang="es" messages={cohortMessages} cohortId={3} canManage />);

  it('says the cohort has no news yet', async () => {
    fakeApi().on('GET /api/v2/news/?cohort=3&page=1', () => json(page([])));
    renderIsland();
    expect(await screen.findByText('Aún no hay noticias en esta cohorte.')).toBeTruthy();
  });

  it('pages through older news and back', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/news/?cohort=3&page=1', () => json(page([news(2, 'Bienvenida')], { count: 2, next: '/api/v2/news/?cohort=3&page=2' })));
    api.on('GET /api/v2/news/?cohort=3&page=2', () => json(page([news(1, 'Calendario')], { count: 2, previous: '/api/v2/news/?cohort=3&page=1' })));
    renderIsland();
    expect(await screen.findByRole('heading', { name: 'Bienvenida' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Anteriores' }));
    expect(await screen.findByRole('heading', { name: 'Calendario' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bienvenida' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Más recientes' }));
    expect(await screen.findByRole('heading', { name: 'Bienvenida' })).toBeTruthy();
  });

  it('shows the error with a retry when the news cannot be read', async () => {
    fakeApi().on('GET /api/v2/news/?cohort=3&page=1', () => apiError(503, 'maintenance', 'Senda está en mantenimiento.'));
    renderIsland();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Senda está en mantenimiento.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('keeps what was written in this browser when publishing fails offline, and offers it back after a reload', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/news/?cohort=3&page=1', () => json(page([])));
    let online = false;
    api.on('POST /api/v2/news/', () => {
      // fetch rejects with a TypeError when there is no network.
      if (!online) throw new TypeError('Failed to fetch');
      return json(news(9, 'Horario de tutorías'), 201);
    });
    const first = renderIsland();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva noticia' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Título' }), 'Horario de tutorías');
    await userEvent.type(screen.getByRole('textbox', { name: /^Contenido/ }), 'Martes y jueves');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText(/tus cambios quedan en este navegador/)).toBeTruthy();

    // The page is reloaded (the island mounts again): the text is offered back, and restored into the form.
    first.unmount();
    renderIsland();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva noticia' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Hay cambios sin guardar del .+ en este navegador/);
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar los cambios' }));
    expect((screen.getByRole('textbox', { name: 'Título' }) as HTMLInputElement).value).toBe('Horario de tutorías');
    expect((screen.getByRole('textbox', { name: /^Contenido/ }) as HTMLTextAreaElement).value).toBe('Martes y jueves');

    // Back online, the save works and the kept copy is gone.
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(api.calls.filter((call) => call === 'POST /api/v2/news/')).toHaveLength(2));
    await waitFor(() => expect(Object.keys(window.localStorage).filter((key) => key.startsWith('unsavedDraft:'))).toEqual([]));
  });
});

const member = (userId: number, firstName: string, lastName: string): CohortMember => ({ userId, firstName, lastName, email: `${firstName.toLowerCase()}@senda.test`, role_id: 1, status: 'ACTIVE', withdrawnOn: null, withdrawalReason: null });

describe('CohortMembers', () => {
  const renderIsland = (canAssign = false) => render(<CohortMembers lang="es" messages={cohortMessages} cohortId={3} canAssign={canAssign} />);

  it('lists the members, and says when a search finds none', async () => {
    const api = fakeApi({ idUser: 50, typeUser: 'staff' });
    api.on('GET /api/v2/cohorts/3/users/?page=1', () => json(page([member(10, 'Ana', 'Gómez'), member(11, 'Luis', 'Pérez')])));
    api.on('GET /api/v2/cohorts/3/users/?page=1&search=zz', () => json(page([])));
    renderIsland();
    const table = await screen.findByRole('table', { name: 'Miembros de la cohorte' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ana Gómez', 'Luis Pérez']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar miembros' }), 'zz');
    expect(await screen.findByText('Ningún miembro coincide con «zz».')).toBeTruthy();
  });

  it('says an empty cohort has no members', async () => {
    fakeApi().on('GET /api/v2/cohorts/3/users/?page=1', () => json(page([])));
    renderIsland();
    expect(await screen.findByText('Esta cohorte aún no tiene miembros.')).toBeTruthy();
  });

  it('shows why the members could not be read', async () => {
    fakeApi().on('GET /api/v2/cohorts/3/users/?page=1', () => apiError(403, 'forbidden', 'No tienes permiso para ver esta cohorte.'));
    renderIsland();
    expect((await screen.findByRole('alert')).textContent).toContain('No tienes permiso para ver esta cohorte.');
  });
});
