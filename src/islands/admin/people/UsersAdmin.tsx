import { useEffect, useId, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { USER_TYPES, type Language } from '~/lib/shared/constants';
import { PAGE_SIZE } from '~/lib/shared/pagination';
import { ACCOUNT_STATES } from '~/lib/shared/schemas/user-search';
import { FormError } from '~/islands/admin/common/FormError';
import { Pager } from '~/islands/admin/common/Pager';
import { SearchField } from '~/islands/admin/common/SearchField';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useDebouncedValue } from '~/islands/common/use-debounced-value';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { BADGE_CLASS, badgeOf, personName } from './account-labels';
import { CreateAccountForm } from './CreateAccountForm';
import { inviteAgain, listUsers, updateAccount, type UsersFilter } from '~/lib/client/api/people';

export interface UsersAdminProps {
  lang: Language;
  messages: Messages;
  /** The cohorts and learning paths to filter by (and to assign in the create form). */
  cohorts: { id: number; name: string }[];
  learningPaths: { id: number; name: string }[];
  /** The admin looking: their own account offers no deactivation. */
  selfId: number;
}

const NO_FILTER: UsersFilter = { search: '', status: '', type: '', inCohort: '', learningPath: '' };

function Users({ cohorts, learningPaths, selfId }: Omit<UsersAdminProps, 'lang' | 'messages'>) {
  const t = useT();
  const ids = useId();
  const [filter, setFilter] = useState<UsersFilter>(NO_FILTER);
  const search = useDebouncedValue(filter.search.trim());
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [isCreating, setIsCreating] = useState(false);
  const settled = { ...filter, search };
  const loader = useLoader((signal) => listUsers(settled, page, signal), [search, filter.status, filter.type, filter.inCohort, filter.learningPath, page, version], { keepData: true });
  const changes = useListChanges();
  const list = loader.state.status === 'ready' ? loader.state.data : null;

  useEffect(() => {
    if (list && list.results.length === 0 && page > 1) setPage(page - 1);
  }, [list, page]);

  const setFilterValue = <K extends keyof UsersFilter>(name: K, value: UsersFilter[K]) => {
    setFilter((current) => ({ ...current, [name]: value }));
    setPage(1);
  };

  const select = (name: 'status' | 'type' | 'inCohort' | 'learningPath', label: string, options: { value: string | number; label: string }[]) => (
    <label className="field" htmlFor={`${ids}-${name}`}>
      <span>{label}</span>
      <select
        id={`${ids}-${name}`}
        value={String(filter[name])}
        onChange={(event) => setFilterValue(name, (name === 'inCohort' || name === 'learningPath' ? (event.target.value ? Number(event.target.value) : '') : event.target.value) as never)}
      >
        <option value="">{t('people.filter.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );

  const reload = () => setVersion((value) => value + 1);

  return (
    <div className="people-admin">
      <div className="admin-actions">
        <button type="button" className="button button--primary" aria-expanded={isCreating} onClick={() => setIsCreating((value) => !value)}>
          {t('people.create.open')}
        </button>
        <a className="button button--ghost" href="/admin/users/import">
          {t('people.import.open')}
        </a>
      </div>
      {isCreating && (
        <CreateAccountForm
          cohorts={cohorts}
          onCancel={() => setIsCreating(false)}
          onCreated={(account) => {
            setIsCreating(false);
            notify({ status: 'success', message: t(account.invitationPending ? 'people.create.doneInvited' : 'people.create.done', { name: personName(t, account), email: account.email }) });
            reload();
          }}
        />
      )}

      <div className="people-filters">
        <SearchField label={t('people.searchLabel')} placeholder={t('people.searchPlaceholder')} value={filter.search} onChange={(value) => setFilterValue('search', value)} hint={t('people.searchHint')} />
        <div className="admin-form admin-form--inline">
          {select(
            'status',
            t('people.filter.status'),
            ACCOUNT_STATES.map((state) => ({ value: state, label: t(`people.state.${state}`) })),
          )}
          {select(
            'type',
            t('people.filter.type'),
            USER_TYPES.map((type) => ({ value: type, label: t(`roles.${type}`) })),
          )}
          {select(
            'inCohort',
            t('people.filter.cohort'),
            cohorts.map((cohort) => ({ value: cohort.id, label: cohort.name })),
          )}
          {select(
            'learningPath',
            t('people.filter.learningPath'),
            learningPaths.map((path) => ({ value: path.id, label: path.name })),
          )}
        </div>
      </div>

      <FormError message={changes.error} />
      <LoadStatus loader={loader} />
      {list && list.count === 0 && <p className="empty">{t('people.empty')}</p>}
      {list && list.count > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {t('people.count', { count: list.count })}
          </p>
          <div className="table-scroll">
            <table className="admin-table admin-table--cards people-table" aria-label={t('people.tableLabel')} aria-busy={loader.isReloading}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.common.name')}</th>
                  <th scope="col">{t('people.email')}</th>
                  <th scope="col">{t('people.type')}</th>
                  <th scope="col">{t('admin.common.status')}</th>
                  <th scope="col">{t('admin.common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.results.map((user) => {
                  const account = user.account!;
                  const badge = badgeOf(account);
                  const name = personName(t, { ...user, anonymized: account.anonymized });
                  const isBusy = changes.busyId === user.id;
                  const isSelf = user.id === selfId;
                  return (
                    <tr key={user.id}>
                      <th scope="row">
                        <a href={`/admin/users/${user.id}`}>{name}</a>
                        {account.deletionRequestedAt && !account.anonymized && <span className="badge badge--scheduled people-deletion">{t('people.state.DELETION_REQUESTED')}</span>}
                      </th>
                      <td data-label={t('people.email')} className="people-email">
                        {account.anonymized ? '—' : user.email}
                      </td>
                      <td data-label={t('people.type')}>{t(`roles.${account.userType}`)}</td>
                      <td data-label={t('admin.common.status')}>
                        <span className={BADGE_CLASS[badge]}>{t(badge === 'anonymized' ? 'people.state.anonymized' : `people.state.${badge}`)}</span>
                      </td>
                      <td data-label={t('admin.common.actions')}>
                        <div className="row-actions">
                          {badge === 'INVITED' && (
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              disabled={isBusy}
                              aria-label={t('people.inviteAgainFor', { name })}
                              onClick={() =>
                                void changes.change(user.id, async () => {
                                  await inviteAgain(user.id);
                                  notify({ status: 'success', message: t('people.invitedAgain', { email: user.email }) });
                                  reload();
                                })
                              }
                            >
                              {t('people.inviteAgain')}
                            </button>
                          )}
                          {!isSelf && !account.anonymized && (
                            <button
                              type="button"
                              className={account.status === 'ACTIVE' ? 'button button--danger button--small' : 'button button--ghost button--small'}
                              disabled={isBusy}
                              aria-label={t(account.status === 'ACTIVE' ? 'people.deactivateFor' : 'people.activateFor', { name })}
                              onClick={() =>
                                void changes.change(
                                  user.id,
                                  async () => {
                                    const next = account.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
                                    await updateAccount(user.id, { status: next });
                                    notify({ status: 'success', message: t(next === 'INACTIVE' ? 'people.deactivated' : 'people.activated', { name }) });
                                    reload();
                                  },
                                  account.status === 'ACTIVE' ? t('people.confirmDeactivate', { name }) : undefined,
                                )
                              }
                            >
                              {t(account.status === 'ACTIVE' ? 'people.deactivate' : 'people.activate')}
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={list}
            label={t('people.pages')}
            previousLabel={t('admin.overview.previous')}
            nextLabel={t('admin.overview.next')}
            position={t('people.pagePosition', { page, pages: Math.max(1, Math.ceil(list.count / PAGE_SIZE)) })}
            disabled={loader.isReloading}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
          />
        </>
      )}
    </div>
  );
}

/** The admin users page: search and filters, create and invite, invite again, deactivate and reactivate, open a person. */
export default function UsersAdmin({ lang, messages, ...props }: UsersAdminProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Users {...props} />
    </IslandI18n>
  );
}
