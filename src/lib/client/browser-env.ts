import { forgetDownloads, forgetOfflinePages } from './offline-pages';
import type { KeyValueStorage } from './storage';

/** The browser facilities the session flows use; tests pass their own. */
export interface BrowserEnv {
  storage: KeyValueStorage;
  sessionStorage: KeyValueStorage;
  reload(): void;
  navigate(url: string): void;
  setTimeout(callback: () => void, ms: number): unknown;
  /** Expires every cookie JavaScript can see. */
  clearCookies(): void;
  /** Deletes the pages kept for reading offline (lib/client/offline-pages.ts); never fails. */
  forgetOfflinePages(): Promise<void>;
  /** Deletes what the person downloaded to study offline (lib/client/offline-downloads.ts); never fails. */
  forgetDownloads(): Promise<void>;
}

function clearDocumentCookies(): void {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    document.cookie = expired;
    document.cookie = `${expired}; domain=${location.hostname}`;
  }
}

/** The real browser. */
export function getBrowserEnv(): BrowserEnv {
  return {
    storage: window.localStorage,
    sessionStorage: window.sessionStorage,
    reload: () => window.location.reload(),
    navigate: (url) => window.location.assign(url),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearCookies: clearDocumentCookies,
    forgetOfflinePages,
    forgetDownloads: () => forgetDownloads(window.localStorage),
  };
}
