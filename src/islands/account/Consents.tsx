import { useId } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { Consent, ConsentPurpose } from '~/lib/shared/schemas/consents';
import { formatDate } from '~/lib/shared/format';
import { FormError } from '~/islands/admin/common/FormError';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { grantMyConsent, listMyConsents, withdrawMyConsent } from '~/lib/client/api/account';
import '~/styles/consent.css';

const PURPOSE_INDEX: Record<ConsentPurpose, number> = { general: 0, sensitive_data: 1, funder_reports: 2 };

function List() {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const loader = useLoader(() => listMyConsents(), []);
  const changes = useListChanges();
  const consents = loader.state.status === 'ready' ? loader.state.data.results : null;

  const stateOf = (consent: Consent) => {
    if (consent.isGranted && consent.grantedAt)
      return t('consent.state.granted', { date: formatDate(lang, consent.grantedAt), channel: t(`consent.channel.${consent.channel}`), version: consent.textVersion });
    if (consent.withdrawnAt) return t('consent.state.withdrawn', { date: formatDate(lang, consent.withdrawnAt) });
    return t('consent.state.never');
  };

  const withdraw = (consent: Consent) => {
    const purpose = t(`consent.purpose.${consent.purpose}`);
    const confirm = consent.purpose === 'sensitive_data' ? t('consent.withdraw.confirmSensitive') : t('consent.withdraw.confirm', { purpose });
    return changes.change(
      PURPOSE_INDEX[consent.purpose],
      async () => {
        const { results } = await withdrawMyConsent(consent.purpose);
        loader.update(() => ({ results }));
        notify({ status: 'success', message: t('consent.withdrawn') });
      },
      confirm,
    );
  };

  const grant = (consent: Consent) =>
    changes.change(PURPOSE_INDEX[consent.purpose], async () => {
      const { results } = await grantMyConsent(consent.purpose);
      loader.update(() => ({ results }));
      notify({ status: 'success', message: t('consent.granted') });
    });

  return (
    <section className="account-section consents" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('consent.title')}</h2>
      <p className="muted">{t('consent.intro')}</p>
      <LoadStatus loader={loader} />
      <FormError message={changes.error} />
      {consents && (
        <ul className="consent-list">
          {consents.map((consent) => {
            const purpose = t(`consent.purpose.${consent.purpose}`);
            const isBusy = changes.busyId === PURPOSE_INDEX[consent.purpose];
            return (
              <li key={consent.purpose} className="consent-item">
                <h3>{purpose}</h3>
                <p>{t(`consent.text.${consent.purpose}`)}</p>
                <p className={consent.isGranted ? 'consent-state consent-state--granted' : 'consent-state'}>{stateOf(consent)}</p>
                {consent.isGranted && !consent.isWithdrawable && <p className="muted">{t('consent.general.help')}</p>}
                <div className="admin-actions">
                  {consent.isGranted && consent.isWithdrawable && (
                    <button type="button" className="button button--danger" aria-label={t('consent.withdrawOf', { purpose })} disabled={isBusy} onClick={() => void withdraw(consent)}>
                      {isBusy ? t('consent.saving') : t('consent.withdraw')}
                    </button>
                  )}
                  {!consent.isGranted && (
                    <button type="button" className="button button--ghost" aria-label={t('consent.grantOf', { purpose })} disabled={isBusy} onClick={() => void grant(consent)}>
                      {isBusy ? t('consent.saving') : t('consent.grant')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Ley 1581 on the account page: the person's consents per purpose, withdrawn or given again (ADR 030). */
export default function Consents({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <List />
    </IslandI18n>
  );
}
