import { useId, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { LANGUAGES, USER_TYPES, type Language, type UserType } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { Account, AccountDetail } from '~/lib/shared/schemas/people';
import { FormError } from '~/islands/admin/common/FormError';
import { roleLabel } from '~/islands/admin/cohort/members/member-roles';
import { downloadJson } from '~/islands/common/download-file';
import { notify } from '~/islands/shell/notify';
import { BADGE_CLASS, badgeOf, personName } from './account-labels';
import { anonymizeAccount, exportPersonalData, getAccount, inviteAgain, updateAccount } from '~/lib/client/api/people';

export interface AccountAdminProps {
  lang: Language;
  messages: Messages;
  initial: AccountDetail;
  selfId: number;
}

type Busy = 'type' | 'language' | 'status' | 'invite' | 'export' | 'anonymize' | null;

function AccountPanel({ initial, selfId }: Omit<AccountAdminProps, 'lang' | 'messages'>) {
  const t = useT();
  const lang = useLang();
  const ids = useId();
  const [account, setAccount] = useState<AccountDetail>(initial);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const isSelf = account.id === selfId;
  const isAnonymized = account.anonymizedAt !== null;
  const name = personName(t, { ...account, anonymized: isAnonymized });
  const badge = badgeOf({ ...account, anonymized: isAnonymized });

  /** Runs a change, then reads the account again (its access log grows with exports). */
  async function run(kind: Exclude<Busy, null>, action: () => Promise<Account | void>, done?: string) {
    setBusy(kind);
    setError(null);
    try {
      await action();
      setAccount(await getAccount(account.id));
      if (done) notify({ status: 'success', message: done });
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setBusy(null);
    }
  }

  const deactivate = () => {
    const next = account.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
    if (next === 'INACTIVE' && !window.confirm(t('people.confirmDeactivate', { name }))) return;
    void run('status', () => updateAccount(account.id, { status: next }), t(next === 'INACTIVE' ? 'people.deactivated' : 'people.activated', { name }));
  };

  const anonymize = () => {
    if (!window.confirm(t('people.anonymize.confirm', { name }))) return;
    void run('anonymize', () => anonymizeAccount(account.id), t('people.anonymize.done'));
  };

  return (
    <div className="account-admin">
      <p>
        <span className={BADGE_CLASS[badge]}>{t(badge === 'anonymized' ? 'people.state.anonymized' : `people.state.${badge}`)}</span>{' '}
        {account.deletionRequestedAt && !isAnonymized && (
          <span className="badge badge--scheduled">{t('people.deletionRequestedOn', { date: formatDateTime(lang, account.deletionRequestedAt, 'long') })}</span>
        )}
      </p>
      <FormError message={error} />

      <section aria-labelledby={`${ids}-account`} className="account-section">
        <h2 id={`${ids}-account`}>{t('people.account.title')}</h2>
        <dl className="account-facts">
          <dt>{t('people.email')}</dt>
          <dd>{isAnonymized ? '—' : account.email}</dd>
          <dt>{t('people.createdAt')}</dt>
          <dd>{formatDateTime(lang, account.createdAt, 'long')}</dd>
          <dt>{t('people.invitation')}</dt>
          <dd>
            {account.invitationPending
              ? t('people.invitationPendingSince', { date: account.invitedAt ? formatDateTime(lang, account.invitedAt, 'long') : '—' })
              : t(account.invitedAt ? 'people.invitationAccepted' : 'people.invitationNone')}
          </dd>
        </dl>
        {!isAnonymized && (
          <div className="admin-form admin-form--inline">
            <label className="field" htmlFor={`${ids}-type`}>
              <span>{t('people.type')}</span>
              <select
                id={`${ids}-type`}
                value={account.userType}
                disabled={isSelf || busy !== null}
                onChange={(event) => void run('type', () => updateAccount(account.id, { userType: event.target.value as UserType }), t('admin.common.saved'))}
              >
                {USER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`roles.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field" htmlFor={`${ids}-language`}>
              <span>{t('people.language')}</span>
              <select
                id={`${ids}-language`}
                value={account.language}
                disabled={busy !== null}
                onChange={(event) => void run('language', () => updateAccount(account.id, { language: event.target.value as Language }), t('admin.common.saved'))}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {t(`people.language.${code}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        {!isAnonymized && (
          <div className="admin-actions">
            {account.invitationPending && (
              <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void run('invite', () => inviteAgain(account.id), t('people.invitedAgain', { email: account.email }))}>
                {busy === 'invite' ? t('admin.common.saving') : t('people.inviteAgain')}
              </button>
            )}
            {!isSelf && (
              <button type="button" className={account.status === 'ACTIVE' ? 'button button--danger' : 'button button--ghost'} disabled={busy !== null} onClick={deactivate}>
                {t(account.status === 'ACTIVE' ? 'people.deactivate' : 'people.activate')}
              </button>
            )}
          </div>
        )}
        {isSelf && <p className="muted">{t('people.selfNote')}</p>}
      </section>

      <section aria-labelledby={`${ids}-cohorts`} className="account-section">
        <h2 id={`${ids}-cohorts`}>{t('people.cohorts.title')}</h2>
        {account.cohorts.length === 0 ? (
          <p className="empty">{t('people.cohorts.none')}</p>
        ) : (
          <ul className="admin-list">
            {account.cohorts.map((cohort) => (
              <li key={cohort.cohortId} className="admin-list__item">
                <a href={`/admin/cohorts/${cohort.cohortId}`}>{cohort.cohortName}</a> <span className="muted">{roleLabel(t, cohort.role_id)}</span>{' '}
                {cohort.status === 'INACTIVE' && <span className="badge badge--inactive">{t('admin.common.inactive')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${ids}-data`} className="account-section">
        <h2 id={`${ids}-data`}>{t('people.data.title')}</h2>
        <p className="muted">{t('people.data.help')}</p>
        <div className="admin-actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={busy !== null}
            onClick={() => void run('export', async () => downloadJson(await exportPersonalData(account.id), `senda-datos-${account.id}.json`))}
          >
            {busy === 'export' ? t('account.data.exporting') : t('people.data.export')}
          </button>
          {!isSelf && !isAnonymized && (
            <button type="button" className="button button--danger" disabled={busy !== null} onClick={anonymize}>
              {busy === 'anonymize' ? t('admin.common.saving') : t('people.anonymize.action')}
            </button>
          )}
        </div>
        {!isAnonymized && <p className="muted">{t('people.anonymize.help')}</p>}

        <h3>{t('people.accessLog.title')}</h3>
        {account.accessLog.length === 0 ? (
          <p className="empty">{t('people.accessLog.empty')}</p>
        ) : (
          <div className="table-scroll">
            <table className="admin-table admin-table--cards" aria-label={t('people.accessLog.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('people.accessLog.when')}</th>
                  <th scope="col">{t('people.accessLog.who')}</th>
                  <th scope="col">{t('people.accessLog.what')}</th>
                </tr>
              </thead>
              <tbody>
                {account.accessLog.map((entry, index) => (
                  <tr key={`${entry.at}-${index}`}>
                    <td data-label={t('people.accessLog.when')}>{formatDateTime(lang, entry.at, 'medium')}</td>
                    <td data-label={t('people.accessLog.who')}>{entry.actor ? `${entry.actor.name} (${entry.actor.email})` : t('people.accessLog.gone')}</td>
                    <td data-label={t('people.accessLog.what')}>{t(`people.accessLog.action.${entry.action}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** One account for platform admins: type, language, status, invitation, cohorts, personal data (export, anonymise, access log). */
export default function AccountAdmin({ lang, messages, ...props }: AccountAdminProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <AccountPanel {...props} />
    </IslandI18n>
  );
}
