/**
 * The lesson page with JavaScript: "mark completed" saves in place with a
 * saving state; offline (or when the network fails) the completion is queued
 * in this browser and sent when the connection is back, and moving to another
 * lesson while offline says so instead of showing the browser's error page.
 * Without JavaScript the plain form post still works. Every message is
 * rendered by the server (data-* attributes) in the reader's language.
 */
import { api } from './app-client';
import { noteLessonCompleted } from './install-prompt';
import { OFFLINE_PAGES_CACHE } from '~/lib/shared/offline-pages';

/** Marks the lesson completed for the signed-in student. */
const completeLesson = (lessonId: number) => api.post('/api/v2/lesson-history/complete/', { body: { lessonId } });

/** Completions waiting for the network: lesson ids, in this browser only. */
const QUEUE_KEY = 'pendingCompletions';

const readQueue = (): number[] => {
  try {
    const ids = JSON.parse(window.localStorage.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};
const writeQueue = (ids: number[]) => (ids.length > 0 ? window.localStorage.setItem(QUEUE_KEY, JSON.stringify([...new Set(ids)])) : window.localStorage.removeItem(QUEUE_KEY));

const isNetworkFailure = (error: unknown) => !navigator.onLine || error instanceof TypeError;

/** Sends the queued completions; the ones that fail on the network stay queued. Returns the ids sent. */
async function flushQueue(): Promise<number[]> {
  const sent: number[] = [];
  for (const lessonId of readQueue()) {
    try {
      await completeLesson(lessonId);
      sent.push(lessonId);
    } catch (error) {
      // Refused by the server (the lesson is gone, no access): nothing to retry.
      if (!isNetworkFailure(error)) sent.push(lessonId);
    }
  }
  writeQueue(readQueue().filter((id) => !sent.includes(id)));
  return sent;
}

function startCompletion(form: HTMLFormElement): void {
  const lessonId = Number(form.dataset.lessonId);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = document.querySelector<HTMLElement>('[data-completion-status]');
  if (!Number.isInteger(lessonId) || !button || !status) return;
  const label = button.textContent ?? '';
  const say = (message: string | undefined, tone: 'success' | 'warning' | 'error') => {
    status.textContent = message ?? '';
    status.className = `notice notice--${tone}`;
    status.hidden = false;
  };
  const done = () => {
    noteLessonCompleted(window.localStorage);
    form.hidden = true;
    say(form.dataset.saved, 'success');
    status.tabIndex = -1;
    status.focus();
    markDoneInOutline();
  };

  if (readQueue().includes(lessonId)) say(form.dataset.queued, 'warning');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = form.dataset.saving ?? label;
    try {
      await completeLesson(lessonId);
      done();
    } catch (error) {
      if (isNetworkFailure(error)) {
        writeQueue([...readQueue(), lessonId]);
        say(form.dataset.queued, 'warning');
      } else {
        say(form.dataset.failed, 'error');
      }
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      button.textContent = label;
    }
  });
  window.addEventListener('online', async () => {
    if ((await flushQueue()).includes(lessonId)) done();
  });
}

/** The outline says at once what was just completed: its count, and the lesson's mark (texts rendered by the server). */
function markDoneInOutline(): void {
  const count = document.querySelector<HTMLElement>('[data-outline-count]');
  if (count?.dataset.afterCompletion) {
    count.textContent = count.dataset.afterCompletion;
    delete count.dataset.afterCompletion;
  }
  const item = document.querySelector<HTMLElement>('[data-current-lesson]');
  if (!item || item.classList.contains('course-outline__item--done')) return;
  item.className = 'course-outline__item course-outline__item--done';
  const [mark] = item.children;
  if (mark) mark.textContent = '✓';
  const state = item.lastElementChild;
  if (state && item.dataset.doneText) state.textContent = item.dataset.doneText;
}

/** Whether the service worker, controlling this page, keeps a copy of the page at `href`. */
async function isKeptOffline(href: string): Promise<boolean> {
  if (!navigator.serviceWorker?.controller || !('caches' in window)) return false;
  try {
    return (await caches.match(href, { cacheName: OFFLINE_PAGES_CACHE })) !== undefined;
  } catch {
    return false;
  }
}

function startOfflineNavigation(): void {
  const warning = document.querySelector<HTMLElement>('[data-offline-warning]');
  if (!warning) return;
  document.querySelectorAll<HTMLAnchorElement>('.lesson-nav a, .course-outline a, .breadcrumb a').forEach((link) => {
    link.addEventListener('click', (event) => {
      if (navigator.onLine) {
        link.setAttribute('aria-busy', 'true');
        link.classList.add('is-loading');
        return;
      }
      event.preventDefault();
      // A page this device keeps (the service worker's copy, ADR 032) opens offline; any other says why it cannot.
      void isKeptOffline(link.href).then((kept) => {
        if (kept) return window.location.assign(link.href);
        warning.hidden = false;
        warning.tabIndex = -1;
        warning.focus();
      });
    });
  });
  window.addEventListener('online', () => (warning.hidden = true));
}

function startVideoFallback(): void {
  const fallback = document.querySelector<HTMLElement>('[data-video-fallback]');
  if (!fallback) return;
  const show = () => (fallback.hidden = false);
  if (!navigator.onLine) show();
  window.addEventListener('offline', show);
  document.querySelector('.lesson-video video')?.addEventListener('error', show);
}

export function startLessonPage(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-complete-lesson]');
  if (form) startCompletion(form);
  startOfflineNavigation();
  startVideoFallback();
  if (navigator.onLine && readQueue().length > 0) void flushQueue();
}
