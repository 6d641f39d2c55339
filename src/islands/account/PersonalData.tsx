import { useId, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import { FormError } from '~/islands/admin/common/FormError';
import { notify } from '~/islands/shell/notify';
import { exportMyData, requestDeletion } from '~/lib/client/api/account';
import { downloadJson } from '~/islands/common/download-file';

interface Props {
  /** When the person already asked for their data to be deleted. */
  deletionRequestedAt: string | null;
}

function Section({ deletionRequestedAt }: Props) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [requestedAt, setRequestedAt] = useState(deletionRequestedAt);
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(kind: 'export' | 'delete', action: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setBusy(null);
    }
  }

  const download = () =>
    run('export', async () => {
      downloadJson(await exportMyData(), 'senda-mis-datos.json');
    });

  const askDeletion = () => {
    if (!window.confirm(t('account.data.confirmDeletion'))) return;
    void run('delete', async () => {
      const { deletionRequestedAt: at } = await requestDeletion();
      setRequestedAt(at);
      notify({ status: 'success', message: t('account.data.deletionRequested') });
    });
  };

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.data.title')}</h2>
      <p className="muted">{t('account.data.help')}</p>
      <div className="admin-actions">
        <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void download()}>
          {busy === 'export' ? t('account.data.exporting') : t('account.data.export')}
        </button>
      </div>
      <h3>{t('account.data.deletionTitle')}</h3>
      {requestedAt ? (
        <p className="notice notice--warning" role="status">
          {t('account.data.deletionPending', { date: formatDateTime(lang, requestedAt, 'long') })}
        </p>
      ) : (
        <>
          <p className="muted">{t('account.data.deletionHelp')}</p>
          <div className="admin-actions">
            <button type="button" className="button button--danger" disabled={busy !== null} onClick={askDeletion}>
              {busy === 'delete' ? t('admin.common.saving') : t('account.data.requestDeletion')}
            </button>
          </div>
        </>
      )}
      <FormError message={error} />
    </section>
  );
}

/** Ley 1581: the person downloads their data and asks for its deletion. */
export default function PersonalData({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Section {...props} />
    </IslandI18n>
  );
}
