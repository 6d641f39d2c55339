/**
 * What every signed-in page does in the browser, with or without React:
 * maintenance (warn, clear, sign out), language kept in step with
 * currentSettings, the session store and its poll, and the status poll.
 */
import type { Language } from '~/lib/shared/constants';
import { getFlowDeps } from './app-client';
import { enterMaintenance } from './session-flows';
import { startSessionSync } from './session-store';
import { readCurrentSettings, writeCurrentSettings } from './storage';

export interface ShellOptions {
  lang: Language;
  /** True when the language came from the user's own choice (cookie), not the default. */
  langChosen: boolean;
  pollIntervalS: number;
  maintenance: { enabled: boolean; message: string } | null;
  /** Shows the maintenance warning (a toast, or a plain alert on light pages). */
  warnMaintenance(message: string): void;
}

interface StatusBody {
  status: 'ok' | 'maintenance';
  message: string;
}

/** Starts the shell's work; answers a function that stops it. */
export function startShellEffects({ lang, langChosen, pollIntervalS, maintenance, warnMaintenance }: ShellOptions): () => void {
  const deps = getFlowDeps();
  const warn = (message: string) => () => warnMaintenance(message);
  if (maintenance?.enabled) {
    void enterMaintenance(deps, warn(maintenance.message));
    return () => {};
  }

  // Keep currentSettings and the server's language in step.
  const settings = readCurrentSettings(deps.env.storage);
  if (!langChosen && settings?.lang && settings.lang !== lang) {
    void fetch('/api/v2/preferences/language/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang: settings.lang }),
    }).then(() => deps.env.reload());
    return () => {};
  }
  if (settings?.lang !== lang) writeCurrentSettings(deps.env.storage, { lang });

  const stopSession = startSessionSync({ pollIntervalS, deps });
  let statusTimer: number | undefined;
  const stop = () => {
    stopSession();
    window.clearInterval(statusTimer);
  };
  const checkStatus = async () => {
    try {
      const response = await fetch('/api/v2/status/', { cache: 'no-store' });
      const body = (await response.json()) as StatusBody;
      if (body.status === 'maintenance') {
        // Stop polling first: a session read landing during the sign-out would refill the cleared storage.
        stop();
        await enterMaintenance(deps, warn(body.message));
      }
    } catch {
      // Offline for a moment: the next poll tries again.
    }
  };
  if (pollIntervalS > 0) statusTimer = window.setInterval(checkStatus, pollIntervalS * 1000);
  return stop;
}
