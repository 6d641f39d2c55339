import { useEffect, useId, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import {
  countVisit,
  enableOfflineStudy,
  INSTALLABLE_EVENT,
  isInstallPromptDue,
  markInstallPromptShown,
  type BeforeInstallPromptEvent,
  type InstallPromptWindow,
} from '~/lib/client/install-prompt';
import type { Language } from '~/lib/shared/constants';

const isInstalled = () => window.matchMedia?.('(display-mode: standalone)').matches === true;

function Offer() {
  const t = useT();
  const titleId = useId();
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const storage = window.localStorage;
    countVisit(storage, window.sessionStorage);
    const win = window as Window & InstallPromptWindow;
    const consider = () => {
      if (!win.sendaInstallPrompt) return;
      if (isInstalled()) return markInstallPromptShown(storage);
      if (!isInstallPromptDue(storage)) return;
      markInstallPromptShown(storage);
      setOffer(win.sendaInstallPrompt);
    };
    const installed = () => {
      markInstallPromptShown(storage);
      enableOfflineStudy(window);
      setOffer(null);
    };
    consider();
    window.addEventListener(INSTALLABLE_EVENT, consider);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener(INSTALLABLE_EVENT, consider);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  if (!offer) return null;
  const install = async () => {
    setOffer(null);
    await offer.prompt().catch(() => undefined);
    // Installed: this device studies offline from now on (the service worker registers at once).
    if ((await offer.userChoice.catch(() => null))?.outcome === 'accepted') enableOfflineStudy(window);
  };
  return (
    <aside className="install-prompt" aria-labelledby={titleId}>
      <p className="install-prompt__title" id={titleId}>
        {t('install.title')}
      </p>
      <p className="install-prompt__body">{t('install.body')}</p>
      <div className="install-prompt__actions">
        <button type="button" className="button button--primary" onClick={() => void install()}>
          {t('install.accept')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setOffer(null)}>
          {t('install.dismiss')}
        </button>
      </div>
    </aside>
  );
}

/**
 * The offer to install Senda (issue 34): once, from the second visit or after a completed lesson, when the browser
 * says the app can be installed (lib/client/install-prompt.ts). Not a dialog: it never takes the focus, and either
 * button closes it for good.
 */
export default function InstallPrompt({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Offer />
    </IslandI18n>
  );
}
