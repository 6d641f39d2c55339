/**
 * Runs inline in every page's <head> in production builds (BaseLayout,
 * build/inline-scripts.mjs): where the person chose Senda as an app
 * (install-prompt.ts, `wantsOfflineStudy`), registers the service worker a while after the
 * page has loaded (no request before the page's own, ADR 032), and keeps the browser's
 * install offer for the install prompt island, which wakes later (client:idle).
 */
import { INSTALLABLE_EVENT, SERVICE_WORKER_URL, wantsOfflineStudy, type BeforeInstallPromptEvent, type InstallPromptWindow } from './install-prompt';

/** How long after the page's load the service worker is registered (then at the browser's next idle moment). */
const SERVICE_WORKER_DELAY_MS = 5000;

export function startServiceWorker(win: Window & InstallPromptWindow): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    // Senda asks in its own words, once, at its own moment (islands/shell/InstallPrompt.tsx).
    event.preventDefault();
    win.sendaInstallPrompt = event as BeforeInstallPromptEvent;
    win.dispatchEvent(new Event(INSTALLABLE_EVENT));
  });
  // Only where the person chose Senda as an app (ADR 032): a visitor's browser, and Lighthouse's, stay as they were.
  if (!('serviceWorker' in win.navigator) || !wantsOfflineStudy(win)) return;
  const register = () => void win.navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  // On a first visit the worker's install downloads the app shell (~300 KB): it waits until the page's own lazy
  // scripts and images are in and the phone is idle, so it never competes with them on a slow network.
  const registerWhenSettled = () => win.setTimeout(() => (win.requestIdleCallback ?? ((run: () => void) => run()))(register), SERVICE_WORKER_DELAY_MS);
  if (win.document.readyState === 'complete') registerWhenSettled();
  else win.addEventListener('load', registerWhenSettled);
}
