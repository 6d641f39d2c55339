/**
 * The offline page (src/pages/offline.astro), which the service worker shows
 * for any page it cannot bring: in the reader's language (the one they chose
 * in Senda, else the page's), with the pages this device keeps for reading
 * offline, read from the cache at the moment it shows, and the courses and
 * levels downloaded to study offline with their lessons (ADR 035).
 */
import { resolveLanguage } from '~/i18n/options';
import { DOWNLOADS_CACHE, OFFLINE_PAGES_CACHE } from '~/lib/shared/offline-pages';
import { readDownloads, type DownloadRecord } from './offline-downloads';
import { readCurrentSettings } from './storage';

interface KeptPage {
  href: string;
  title: string;
}

/** A kept page's title, read from its HTML, without the app's name. */
async function titleOf(response: Response, parser: DOMParser): Promise<string> {
  return parser.parseFromString(await response.text(), 'text/html').title.replace(/\s·\s[^·]*$/, '').trim();
}

/** The pages kept in the offline cache, with their titles (without the app's name), in the order they were kept. */
async function listKeptPages(): Promise<KeptPage[]> {
  if (!('caches' in window) || !(await caches.has(OFFLINE_PAGES_CACHE))) return [];
  const cache = await caches.open(OFFLINE_PAGES_CACHE);
  const parser = new DOMParser();
  const pages: KeptPage[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const url = new URL(request.url);
    const title = await titleOf(response, parser);
    pages.push({ href: `${url.pathname}${url.search}`, title: title || url.pathname });
  }
  return pages;
}

/** The pages a download lists (its course page, lessons, quizzes and assignments: not files or API reads), if kept. */
const DOWNLOADED_PAGE_KINDS = new Set(['course', 'lesson', 'quiz', 'assignment']);

/** Each download with its pages and their titles, read from the downloads cache. */
async function listDownloads(): Promise<{ record: DownloadRecord; pages: KeptPage[] }[]> {
  const records = readDownloads(window.localStorage);
  if (records.length === 0 || !('caches' in window) || !(await caches.has(DOWNLOADS_CACHE))) return [];
  const cache = await caches.open(DOWNLOADS_CACHE);
  const parser = new DOMParser();
  const downloads = [];
  for (const record of records) {
    const pages: KeptPage[] = [];
    for (const item of record.items) {
      if (!DOWNLOADED_PAGE_KINDS.has(item.kind) || item.url.startsWith('/api/')) continue;
      const response = await cache.match(item.url);
      if (response) pages.push({ href: item.url, title: (await titleOf(response, parser)) || item.url });
    }
    if (pages.length > 0) downloads.push({ record, pages });
  }
  return downloads;
}

function linkList(pages: readonly KeptPage[]): HTMLUListElement {
  const list = document.createElement('ul');
  list.className = 'offline-pages';
  for (const page of pages) {
    const link = document.createElement('a');
    link.href = page.href;
    link.textContent = page.title;
    const item = document.createElement('li');
    item.append(link);
    list.append(item);
  }
  return list;
}

/** "Curso: Nivel 1" or "Curso: curso completo", in the page's language. */
function downloadName(record: DownloadRecord, messages: Record<string, string>): string {
  const template = record.level === null ? messages['offline.downloadWhole'] : messages['offline.downloadLevel'];
  return (template ?? '{{course}}').replace('{{course}}', record.courseName).replace('{{level}}', record.levelName ?? '');
}

export function startOfflinePage(): void {
  const dictionaries = JSON.parse(document.querySelector('#offline-messages')?.textContent ?? '{}') as Record<string, Record<string, string>>;
  const lang = readCurrentSettings(window.localStorage)?.lang ?? resolveLanguage(document.documentElement.lang);
  const messages = dictionaries[lang];
  const shownMessages = messages ?? dictionaries[resolveLanguage(document.documentElement.lang)] ?? {};
  if (messages && lang !== document.documentElement.lang) {
    document.documentElement.lang = lang;
    for (const element of document.querySelectorAll<HTMLElement>('[data-message]')) {
      const text = messages[element.dataset.message!];
      if (text) element.textContent = text;
    }
    const title = messages['offline.title'];
    if (title) document.title = document.title.replace(/^[^·]*/, `${title} `);
  }

  document.querySelector('[data-retry]')?.addEventListener('click', () => window.location.reload());
  const list = document.querySelector<HTMLUListElement>('[data-kept-pages]');
  const hint = document.querySelector<HTMLElement>('[data-kept-hint]');
  const none = document.querySelector<HTMLElement>('[data-kept-none]');
  const downloadsSection = document.querySelector<HTMLElement>('[data-downloads]');
  if (!list || !hint || !none || !downloadsSection) return;
  void Promise.all([listKeptPages().catch(() => []), listDownloads().catch(() => [])]).then(([pages, downloads]) => {
    list.replaceChildren(...linkList(pages).children);
    list.hidden = pages.length === 0;
    hint.hidden = pages.length === 0;
    none.hidden = pages.length > 0 || downloads.length > 0;
    for (const { record, pages: downloaded } of downloads) {
      const heading = document.createElement('h3');
      heading.textContent = downloadName(record, shownMessages);
      downloadsSection.append(heading, linkList(downloaded));
    }
    downloadsSection.hidden = downloads.length === 0;
  });
}
