import { useEffect, useRef, useState } from 'react';
import { useT } from '~/i18n/islands';
import { getFlowDeps } from '~/lib/client/app-client';
import { updateSession } from '~/lib/client/auth-client';
import { logout } from '~/lib/client/session-flows';
import { readUserInfo } from '~/lib/client/storage';
import { STATUS_STUDENT } from '~/lib/shared/constants';
import { STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { notify } from './notify';
import { acceptTerms } from '~/lib/client/api/terms';

type State = 'open' | 'sending' | 'error' | 'closed' | 'leaving';

/**
 * Terms and conditions: POST /api-termsAndConditions/ { id, status: 1 }.
 * A 200 closes the modal, statusStudent becomes 1 and the user goes to /home;
 * anything else shows the error state.
 */
export function TermsModal({ userId }: { userId: number }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<State>('open');
  const [accepted, setAccepted] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function accept() {
    setState('sending');
    try {
      await acceptTerms(userId);
      const info = readUserInfo(window.localStorage);
      if (info) window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ...info, statusStudent: STATUS_STUDENT.termsAccepted }));
      await updateSession();
      dialog.current?.close();
      notify({ status: 'success', message: t('toast.sent') });
      if (window.location.pathname !== '/home') window.location.assign('/home');
      else {
        setState('closed');
        // The page behind the modal is the next thing to read.
        document.getElementById('main')?.focus();
      }
    } catch {
      setState('error');
      notify({ status: 'error', message: t('toast.sendError') });
    }
  }

  if (state === 'closed') return null;
  return (
    // Escape must not dismiss it: the terms have to be accepted.
    <dialog ref={dialog} className="terms" aria-labelledby="terms-title" onCancel={(event) => event.preventDefault()}>
      <h2 id="terms-title">{t('terms.title')}</h2>
      <p>{t('terms.intro')}</p>
      <div className="terms__body" tabIndex={0}>
        <p>{t('terms.body1')}</p>
        <p>{t('terms.body2')}</p>
        <p>{t('terms.body3')}</p>
        <p>
          <a href="/legal/terms" target="_blank" rel="noopener">
            {t('terms.readFull')}
          </a>{' '}
          <a href="/legal/privacy" target="_blank" rel="noopener">
            {t('terms.readPrivacy')}
          </a>
        </p>
      </div>
      <label className="terms__check">
        <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
        {t('terms.checkbox')}
      </label>
      {state === 'error' && (
        <p className="terms__error" role="alert">
          {t('terms.error')}
        </p>
      )}
      <div className="terms__actions">
        <button type="button" className="button button--primary" disabled={!accepted || state === 'sending' || state === 'leaving'} onClick={accept}>
          {state === 'sending' ? t('terms.accepting') : t('terms.accept')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={state === 'sending' || state === 'leaving'}
          onClick={() => {
            setState('leaving');
            void logout(getFlowDeps());
          }}
        >
          {state === 'leaving' ? t('nav.loggingOut') : t('nav.logout')}
        </button>
      </div>
    </dialog>
  );
}
