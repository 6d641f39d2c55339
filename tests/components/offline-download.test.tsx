/**
 * "Descargar para estudiar sin conexión" (islands/offline/OfflineDownload.tsx, ADR 035): the size before
 * downloading, a progress bar while it downloads, cancel and a full device leave nothing half-kept, remove asks
 * first, a new revision of the course offers "Actualizar", and another person's downloads are not kept.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import OfflineDownload from '~/islands/offline/OfflineDownload';
import { readDownloads, type DownloadRecord } from '~/lib/client/offline-downloads';
import { DOWNLOADS_CACHE, DOWNLOADS_KEY } from '~/lib/shared/offline-pages';
import type { OfflinePackage } from '~/lib/shared/schemas/offline-package';
import { FakeCacheStorage } from './support/fake-cache-storage';
import { fakeApi, gate, json, type FakeApi } from './support/fake-api';

const messages = { es: pickMessages('es', ['download.', 'common.loadError']), en: pickMessages('en', ['download.', 'common.loadError']) };
const PACKAGE_ROUTE = 'GET /api/v2/courses/7/offline-package/?level=1';

const levelOne = (revision = 'rev-2'): OfflinePackage => ({
  courseId: 7,
  level: 1,
  levelName: 'Nivel 1: primeros pasos',
  revision,
  totalBytes: 2468,
  externalImages: 0,
  items: [
    { url: '/courses/7', kind: 'course', id: 7, bytes: 800, revision: `course-${revision}` },
    { url: '/lessons/11', kind: 'lesson', id: 11, bytes: 1200, revision: 'lesson-11' },
    { url: '/api/v2/quizzes/3/', kind: 'quiz', id: 3, bytes: 468, revision: 'quiz-3' },
  ],
});

const html = (title: string) => new Response(`<!doctype html><title>${title} · Senda</title><h1>${title}</h1>`, { status: 200, headers: { 'content-type': 'text/html' } });

let storage: FakeCacheStorage;
let api: FakeApi;
/** The text of what describes an element (aria-describedby), as a screen reader reads it after the name. */
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const downloadsCache = () => storage.caches.get(DOWNLOADS_CACHE);

/** The browser's storage manager: how much room is left, and whether it keeps the site's data. */
function stubStorageManager(estimate: { quota: number; usage: number }) {
  const persist = vi.fn(async () => true);
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate: async () => estimate, persist } });
  return persist;
}

/** A student (id 1) on the course page of course 7 whose level 1 answers `pkg`, with the pages and the quiz read it lists. */
function serveLevel(pkg: OfflinePackage) {
  api.on(PACKAGE_ROUTE, () => json(pkg));
  api.on('GET /courses/7', () => html('Fundamentos de programación'));
  api.on('GET /lessons/11', () => html('¿Qué es programar?'));
  api.on('GET /api/v2/quizzes/3/', () => json({ id: 3, title: 'Quiz 1' }));
}

function renderLevel(lang: 'es' | 'en' = 'es') {
  return render(<OfflineDownload lang={lang} messages={messages[lang]} courseId={7} courseName="Fundamentos de programación" level={1} ownerId={1} />);
}

/** A download already on this browser, as a finished one records it. */
async function keepDownload(overrides: Partial<DownloadRecord> = {}) {
  const record: DownloadRecord = {
    courseId: 7,
    courseName: 'Fundamentos de programación',
    level: 1,
    levelName: 'Nivel 1: primeros pasos',
    revision: 'rev-1',
    totalBytes: 2468,
    ownerId: 1,
    downloadedAt: '2026-11-20T15:00:00.000Z',
    items: levelOne('rev-1').items.map(({ url, kind, revision }) => ({ url, kind, revision })),
    ...overrides,
  };
  const cache = await storage.open(DOWNLOADS_CACHE);
  for (const item of record.items) await cache.put(item.url, html(item.url));
  window.localStorage.setItem(DOWNLOADS_KEY, JSON.stringify([record]));
  return cache;
}

beforeEach(() => {
  storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
  stubStorageManager({ quota: 500_000_000, usage: 1_000_000 });
  api = fakeApi({ idUser: 1, typeUser: 'student' });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
});

describe('downloading a level to study offline', () => {
  it('shows the size before downloading, then downloads every item with a progress bar and records it', async () => {
    const persist = stubStorageManager({ quota: 500_000_000, usage: 1_000_000 });
    serveLevel(levelOne());
    const lessonAnswer = gate();
    api.on('GET /lessons/11', async () => {
      await lessonAnswer.opened;
      return html('¿Qué es programar?');
    });
    renderLevel();

    expect(screen.getByText('Calculando el tamaño de la descarga…')).toBeTruthy();
    const start = await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    expect(describedText(start)).toBe('Ocupa 2,4 kB: 3 páginas y archivos.');

    await userEvent.click(start);
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de la descarga' });
    // The course page is in; the lesson is on its way.
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('Descargando: 800 bytes de 2,4 kB'));
    expect(readDownloads(window.localStorage)).toEqual([]);
    lessonAnswer.open();

    expect(await screen.findByText(/^Descargado el .* \(2,4 kB\): disponible sin conexión\.$/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(downloadsCache()!.paths()).toEqual(['/api/v2/quizzes/3/', '/courses/7', '/lessons/11']);
    // The quiz read is kept as the JSON the API answered, under its exact package URL (the quiz player reads it there).
    expect(await (await downloadsCache()!.match('/api/v2/quizzes/3/'))!.json()).toEqual({ id: 3, title: 'Quiz 1' });
    expect(readDownloads(window.localStorage)).toEqual([
      expect.objectContaining({ courseId: 7, level: 1, levelName: 'Nivel 1: primeros pasos', revision: 'rev-2', totalBytes: 2468, ownerId: 1 }),
    ]);
    // Downloading is choosing to study offline on this device, and asks the browser to keep the data.
    expect(window.localStorage.getItem('offlineStudy')).toBe('on');
    expect(persist).toHaveBeenCalled();
  });

  it('speaks English to an English reader', async () => {
    serveLevel(levelOne());
    renderLevel('en');
    const start = await screen.findByRole('button', { name: 'Download to study offline' });
    await waitFor(() => expect(describedText(start)).toBe('Takes 2.4 kB: 3 pages and files.'));
  });

  it('can be cancelled, and then nothing it had fetched is kept nor counts as downloaded', async () => {
    serveLevel(levelOne());
    const lessonAnswer = gate();
    api.on('GET /lessons/11', async () => {
      await lessonAnswer.opened;
      return html('¿Qué es programar?');
    });
    renderLevel();
    const start = await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(start);
    await screen.findByRole('progressbar');

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar la descarga' }));
    lessonAnswer.open();

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Descarga cancelada: no se guardó nada.'));
    expect(downloadsCache()!.paths()).toEqual([]);
    expect(readDownloads(window.localStorage)).toEqual([]);
    expect((screen.getByRole('button', { name: 'Descargar para estudiar sin conexión' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not start when the device has no room for it, and says how much it needs', async () => {
    stubStorageManager({ quota: 100_000, usage: 99_000 });
    serveLevel(levelOne());
    renderLevel();
    const start = await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(start);

    // 2,468 bytes of content and the HTML around its two pages (64 KB each): 130,4 kB; 1.000 bytes free.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No hay espacio suficiente en este dispositivo: la descarga necesita 130,4 kB y el espacio libre es de 1.000 bytes. Libera espacio y vuelve a intentarlo; no se guardó nada.'));
    expect(api.calls).not.toContain('GET /courses/7');
    expect(readDownloads(window.localStorage)).toEqual([]);
  });

  it('when the device fills up during the download, says so and keeps nothing of it', async () => {
    serveLevel(levelOne());
    const cache = await storage.open(DOWNLOADS_CACHE);
    cache.failPutAfter = 1;
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist: async () => true } });
    renderLevel();
    const start = await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(start);

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No hay espacio suficiente en este dispositivo para esta descarga. Libera espacio y vuelve a intentarlo; no se guardó nada.'));
    expect(cache.paths()).toEqual([]);
    expect(readDownloads(window.localStorage)).toEqual([]);
  });
});

describe('a level already downloaded', () => {
  it('offers "Actualizar" when the course changed since, and refetches only what changed', async () => {
    await keepDownload({ revision: 'rev-1' });
    serveLevel(levelOne('rev-2'));
    renderLevel();

    expect(await screen.findByText('Hay cambios desde que lo descargaste.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));

    await waitFor(() => expect(screen.queryByText('Hay cambios desde que lo descargaste.')).toBeNull());
    expect(readDownloads(window.localStorage)[0]).toMatchObject({ revision: 'rev-2' });
    // The course page's revision moved; the lesson's and the quiz's did not.
    expect(api.calls.filter((call) => !call.includes('offline-package'))).toEqual(['GET /courses/7']);
    expect(await (await downloadsCache()!.match('/courses/7'))!.text()).toContain('Fundamentos de programación');
  });

  it('offers no update while it is current', async () => {
    await keepDownload({ revision: 'rev-2' });
    serveLevel(levelOne('rev-2'));
    renderLevel();
    await screen.findByText(/^Descargado el/);
    await waitFor(() => expect(api.calls).toContain(PACKAGE_ROUTE));
    expect(screen.queryByRole('button', { name: 'Actualizar' })).toBeNull();
  });

  it('is removed only once confirmed, with what it kept', async () => {
    const cache = await keepDownload();
    serveLevel(levelOne('rev-1'));
    renderLevel();
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar la descarga' }));

    const confirm = screen.getByRole('group', { name: '¿Quitar esta descarga del dispositivo? Sus páginas ya no se abrirán sin conexión.' });
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Sí, quitar' })));
    await userEvent.click(within(confirm).getByRole('button', { name: 'No, conservar' }));
    expect(readDownloads(window.localStorage)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Quitar la descarga' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Descarga quitada de este dispositivo.'));
    expect(readDownloads(window.localStorage)).toEqual([]);
    expect(cache.paths()).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' })).toBeTruthy();
  });

  it('keeps what another download of the same course still lists when one is removed', async () => {
    const cache = await keepDownload();
    const whole = { ...readDownloads(window.localStorage)[0]!, level: null, levelName: null, items: [{ url: '/courses/7', kind: 'course' as const, revision: 'c' }] };
    window.localStorage.setItem(DOWNLOADS_KEY, JSON.stringify([...readDownloads(window.localStorage), whole]));
    serveLevel(levelOne('rev-1'));
    renderLevel();
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar la descarga' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, quitar' }));
    await screen.findByText('Descarga quitada de este dispositivo.');
    expect(cache.paths()).toEqual(['/courses/7']);
  });

  it("is not kept when it is another person's: someone else signed in on this browser", async () => {
    await keepDownload({ ownerId: 99 });
    serveLevel(levelOne('rev-1'));
    renderLevel();
    expect(await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' })).toBeTruthy();
    expect(readDownloads(window.localStorage)).toEqual([]);
    expect(storage.caches.has(DOWNLOADS_CACHE)).toBe(false);
  });
});

describe('without Cache Storage (not a secure context)', () => {
  it('says this browser cannot download', () => {
    vi.stubGlobal('caches', undefined);
    serveLevel(levelOne());
    renderLevel();
    expect(screen.getByText('Este navegador no permite descargar para estudiar sin conexión.')).toBeTruthy();
  });
});

