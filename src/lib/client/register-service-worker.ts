/**
 * Runs inline in every page's <head> in production builds (BaseLayout,
 * build/inline-scripts.mjs): registers the service worker once the page has
 * loaded (no request before the page's own, ADR 032), and keeps the browser's
 * install offer for the install prompt island, which wakes later (client:idle).
 */
import { INSTALLABLE_EVENT, type BeforeInstallPromptEvent, type InstallPromptWindow } from './install-prompt';

export function startServiceWorker(win: Window & InstallPromptWindow): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    // Senda asks in its own words, once, at its own moment (islands/shell/InstallPrompt.tsx).
    event.preventDefault();
    win.sendaInstallPrompt = event as BeforeInstallPromptEvent;
    win.dispatchEvent(new Event(INSTALLABLE_EVENT));
  });
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => void win.navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register);
}
