import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { getFlowDeps } from '~/lib/client/app-client';
import { logout } from '~/lib/client/session-flows';
import type { Language } from '~/lib/shared/constants';
import { IslandI18n } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';

function LogoutButton() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void logout(getFlowDeps());
      }}
    >
      {busy ? t('nav.loggingOut') : t('nav.logout')}
    </button>
  );
}

/** The header's logout button (clears the session and local storage). */
export default function UserMenu({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <LogoutButton />
    </IslandI18n>
  );
}
