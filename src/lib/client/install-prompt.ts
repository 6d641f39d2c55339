/**
 * When Senda offers to be installed (issue 34): once, at a sensible moment —
 * from the second visit in this browser on, or after a completed lesson —
 * and never again once it has been shown, answered, or the app is installed.
 * A visit is a browser session (its sessionStorage), not a page view.
 * Remembered in localStorage; a sign-out clears local storage (contract §4),
 * so the offer may come back once for the next person.
 */
import type { KeyValueStorage } from './storage';

/** The localStorage key of the offer's state (Senda's own, beside the contract's §3 keys). */
export const INSTALL_PROMPT_KEY = 'installPrompt';
/** The sessionStorage key that marks this browser session as counted. */
const VISIT_COUNTED_KEY = 'installPrompt.visitCounted';
/** The visit from which the offer may show. */
export const INSTALL_PROMPT_FROM_VISIT = 2;

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Where the early script (register-service-worker.ts) keeps the browser's offer until the island wakes. */
export interface InstallPromptWindow {
  sendaInstallPrompt?: BeforeInstallPromptEvent;
}

/**
 * The localStorage key marking a browser whose person chose Senda as an app
 * (accepted the install offer, or opened it installed). Only there does the
 * service worker register (ADR 032): a visitor's browser is left as it was.
 */
export const OFFLINE_STUDY_KEY = 'offlineStudy';
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser studies offline: chosen here, opened as the installed app, or a worker already serves it. */
export function wantsOfflineStudy(win: Window): boolean {
  let chosen = false;
  try {
    chosen = win.localStorage.getItem(OFFLINE_STUDY_KEY) === 'on';
  } catch {
    // Storage refused (private mode): only the other signs count.
  }
  return chosen || win.matchMedia?.('(display-mode: standalone)').matches === true || (win.navigator.serviceWorker?.controller ?? null) !== null;
}

/** The person chose Senda on this device: remember it and register the worker at once. */
export function enableOfflineStudy(win: Window): void {
  try {
    win.localStorage.setItem(OFFLINE_STUDY_KEY, 'on');
  } catch {
    // Storage refused: the worker still registers, and its control of the page is the sign from then on.
  }
  void win.navigator.serviceWorker?.register(SERVICE_WORKER_URL).catch(() => undefined);
}

/** Fired on window when the browser's offer has been kept. */
export const INSTALLABLE_EVENT = 'senda:installable';

interface InstallPromptState {
  visits: number;
  lessonCompleted?: boolean;
  /** Set once shown: the offer appears once. */
  shown?: boolean;
}

function readState(storage: KeyValueStorage): InstallPromptState {
  try {
    const state = JSON.parse(storage.getItem(INSTALL_PROMPT_KEY) ?? 'null') as Partial<InstallPromptState> | null;
    return { visits: Number.isInteger(state?.visits) ? state!.visits! : 0, lessonCompleted: state?.lessonCompleted === true, shown: state?.shown === true };
  } catch {
    return { visits: 0 };
  }
}

const writeState = (storage: KeyValueStorage, state: InstallPromptState) => storage.setItem(INSTALL_PROMPT_KEY, JSON.stringify(state));

/** Counts this browser session as a visit (once per session, however many pages it opens). */
export function countVisit(storage: KeyValueStorage, session: KeyValueStorage): void {
  if (session.getItem(VISIT_COUNTED_KEY) !== null) return;
  session.setItem(VISIT_COUNTED_KEY, '1');
  const state = readState(storage);
  writeState(storage, { ...state, visits: state.visits + 1 });
}

/** A lesson was completed in this browser: a good moment for the offer. */
export function noteLessonCompleted(storage: KeyValueStorage): void {
  writeState(storage, { ...readState(storage), lessonCompleted: true });
}

/** Whether the offer should show now (it has not shown yet, and the moment has come). */
export function isInstallPromptDue(storage: KeyValueStorage): boolean {
  const state = readState(storage);
  return !state.shown && (state.visits >= INSTALL_PROMPT_FROM_VISIT || state.lessonCompleted === true);
}

/** The offer has shown (or the app got installed another way): it never shows again. */
export function markInstallPromptShown(storage: KeyValueStorage): void {
  writeState(storage, { ...readState(storage), shown: true });
}
