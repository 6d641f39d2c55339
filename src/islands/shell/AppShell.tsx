import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { useT } from '../../i18n/islands';
import { getFlowDeps } from '../../lib/client/app-client';
import { enterMaintenance } from '../../lib/client/session-flows';
import { startSessionSync } from '../../lib/client/session-store';
import { readCurrentSettings, writeCurrentSettings } from '../../lib/client/storage';
import type { Language } from '../../lib/shared/constants';
import { IslandI18n } from '../../i18n/islands';
import type { Messages } from '../../i18n/options';
import { notify } from './notify';
import { TermsModal } from './TermsModal';

export interface AppShellProps {
  lang: Language;
  /** True when the language came from the user's own choice (cookie), not the default. */
  langChosen: boolean;
  messages: Messages;
  pollIntervalS: number;
  maintenance: { enabled: boolean; message: string } | null;
  terms: { userId: number } | null;
}

interface StatusBody {
  status: 'ok' | 'maintenance';
  message: string;
}

function ShellEffects({ lang, langChosen, pollIntervalS, maintenance }: AppShellProps) {
  const t = useT();

  useEffect(() => {
    const deps = getFlowDeps();
    const warn = (message: string) => () =>
      notify({ status: 'warning', message: t('maintenance.warning', { message }), durationMs: 10_000 });
    if (maintenance?.enabled) {
      void enterMaintenance(deps, warn(maintenance.message));
      return;
    }

    // Keep currentSettings and the server's language in step.
    const settings = readCurrentSettings(deps.env.storage);
    if (!langChosen && settings?.lang && settings.lang !== lang) {
      void fetch('/api/v2/preferences/language/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lang: settings.lang }),
      }).then(() => deps.env.reload());
      return;
    }
    if (settings?.lang !== lang) writeCurrentSettings(deps.env.storage, { lang });

    const stopSession = startSessionSync({ pollIntervalS, deps });
    const stopPolling = () => {
      stopSession();
      window.clearInterval(statusTimer);
    };
    const checkStatus = async () => {
      try {
        const response = await fetch('/api/v2/status/', { cache: 'no-store' });
        const body = (await response.json()) as StatusBody;
        if (body.status === 'maintenance') {
          // Stop polling first: a session read landing during the sign-out would refill the cleared storage.
          stopPolling();
          await enterMaintenance(deps, warn(body.message));
        }
      } catch {
        // Offline for a moment: the next poll tries again.
      }
    };
    const statusTimer = pollIntervalS > 0 ? window.setInterval(checkStatus, pollIntervalS * 1000) : undefined;
    return stopPolling;
  }, []);

  return null;
}

/** The app shell: session provider, terms-and-conditions modal, toast area and maintenance watch. */
export default function AppShell(props: AppShellProps) {
  return (
    <IslandI18n lang={props.lang} messages={props.messages}>
      <ShellEffects {...props} />
      {props.terms && <TermsModal userId={props.terms.userId} />}
      <Toaster position="top-center" toastOptions={{ ariaProps: { role: 'status', 'aria-live': 'polite' } }} />
    </IslandI18n>
  );
}
