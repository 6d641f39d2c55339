import { useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { Page } from '~/lib/shared/pagination';
import { formatDate } from '~/lib/shared/format';
import type { Certificate } from '~/lib/shared/schemas/certificates';
import { notify } from '~/islands/shell/notify';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { listCohortCertificates, revokeCertificate } from '~/lib/client/api/certificates';
import { BulkIssue } from './BulkIssue';
import { RevokeForm } from './RevokeForm';

export interface CohortCertificatesProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  /** The caller may issue and revoke (a cohort admin, a platform admin); tutors only see the list. */
  canIssue: boolean;
  /** The first page as the server read it (shown at once, with its links in the page's HTML). */
  initial?: Page<Certificate>;
}

function Certificates({ cohortId, canIssue, initial }: { cohortId: number; canIssue: boolean; initial?: Page<Certificate> }) {
  const t = useT();
  const lang = useLang();
  const loader = useLoader((signal) => listCohortCertificates(cohortId, signal), [cohortId], { initial });
  const [revoking, setRevoking] = useState<number | null>(null);
  const { state, reload, update } = loader;

  async function revoke(certificate: Certificate, reason: string) {
    const revoked = await revokeCertificate(certificate.id, reason);
    update((page) => ({ ...page, results: page.results.map((item) => (item.id === revoked.id ? revoked : item)) }));
    setRevoking(null);
    notify({ status: 'success', message: t('admin.certificates.revoked') });
  }

  const holderOf = (certificate: Certificate) => certificate.holderName ?? t('certificates.anonymizedHolder');
  return (
    <>
      {canIssue && <BulkIssue cohortId={cohortId} onDone={reload} />}
      {state.status !== 'ready' ? (
        <LoadStatus loader={loader} />
      ) : state.data.results.length === 0 ? (
        <p className="empty">{t('admin.certificates.empty')}</p>
      ) : (
        <ul className="admin-list">
          {state.data.results.map((certificate) => (
            <li key={certificate.id} className="admin-list__item">
              <div className="admin-list__main">
                <strong>{holderOf(certificate)}</strong>
                <span className="muted">
                  {' '}
                  {certificate.code} · {formatDate(lang, certificate.issuedAt, 'long')} · {t(`admin.certificates.status.${certificate.status}`)}
                </span>
                {revoking === certificate.id && (
                  <RevokeForm formLabel={t('admin.certificates.revokeLabel', { name: holderOf(certificate) })} onRevoke={(reason) => revoke(certificate, reason)} onCancel={() => setRevoking(null)} />
                )}
              </div>
              <div className="admin-actions">
                <a className="button button--ghost button--small" href={`/certificates/${certificate.id}/pdf`}>
                  {t('certificates.mine.download')}
                </a>
                <a className="button button--ghost button--small" href={`/certificates/${certificate.id}/badge`}>
                  {t('certificates.mine.badge')}
                </a>
                <a className="button button--ghost button--small" href={`/verify/${certificate.code}`}>
                  {t('certificates.mine.verify')}
                </a>
                {canIssue && certificate.status === 'valid' && revoking !== certificate.id && (
                  <button type="button" className="button button--ghost button--small" onClick={() => setRevoking(certificate.id)} aria-label={t('admin.certificates.revokeLabel', { name: holderOf(certificate) })}>
                    {t('admin.certificates.revoke')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A cohort's certificates in the admin screens: the list, revoking one, and the bulk issue with its progress. */
export default function CohortCertificates({ lang, messages, cohortId, canIssue, initial }: CohortCertificatesProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Certificates cohortId={cohortId} canIssue={canIssue} initial={initial} />
    </IslandI18n>
  );
}
