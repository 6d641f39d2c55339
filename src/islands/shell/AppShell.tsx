import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { useT } from '~/i18n/islands';
import { startShellEffects } from '~/lib/client/shell-effects';
import type { Language } from '~/lib/shared/constants';
import { IslandI18n } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
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

function ShellEffects({ lang, langChosen, pollIntervalS, maintenance }: AppShellProps) {
  const t = useT();
  useEffect(
    () =>
      startShellEffects({
        lang,
        langChosen,
        pollIntervalS,
        maintenance,
        warnMaintenance: (message) => notify({ status: 'warning', message: t('maintenance.warning', { message }), durationMs: 10_000 }),
      }),
    [],
  );
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
