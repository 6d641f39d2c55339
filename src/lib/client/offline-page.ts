/**
 * The offline page (src/pages/offline.astro), which the service worker shows
 * for any page it cannot bring: in the reader's language (the one they chose
 * in Senda, else the page's), with the pages this device keeps for reading
 * offline, read from the cache at the moment it shows.
 */
import { resolveLanguage } from '~/i18n/options';
import { OFFLINE_PAGES_CACHE } from '~/lib/shared/offline-pages';
import { readCurrentSettings } from './storage';

interface KeptPage {
  href: string;
  title: string;
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
    const title = parser.parseFromString(await response.text(), 'text/html').title.replace(/\s·\s[^·]*$/, '').trim();
    pages.push({ href: `${url.pathname}${url.search}`, title: title || url.pathname });
  }
  return pages;
}

export function startOfflinePage(): void {
  const dictionaries = JSON.parse(document.querySelector('#offline-messages')?.textContent ?? '{}') as Record<string, Record<string, string>>;
  const lang = readCurrentSettings(window.localStorage)?.lang ?? resolveLanguage(document.documentElement.lang);
  const messages = dictionaries[lang];
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
  if (!list || !hint || !none) return;
  void listKeptPages()
    .catch(() => [])
    .then((pages) => {
      for (const page of pages) {
        const link = document.createElement('a');
        link.href = page.href;
        link.textContent = page.title;
        const item = document.createElement('li');
        item.append(link);
        list.append(item);
      }
      list.hidden = pages.length === 0;
      hint.hidden = pages.length === 0;
      none.hidden = pages.length > 0;
    });
}
