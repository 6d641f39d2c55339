import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { RECORD_STATUSES, type RecordStatus, type RoleId } from '~/lib/shared/constants';
import type { CohortMember } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { RetryButton } from '~/islands/admin/common/LoadState';
import { listMembers, pageCountOf, removeMember, assignMembers, type ApiPage } from './members-api';
import { fullName, ROLE_OPTIONS, roleLabel } from './member-roles';
import { $membersVersion, markMembersChanged } from './members-store';
import { useApiReadiness } from './use-api-readiness';
import { useDebouncedValue } from './use-debounced-value';

interface Props {
  cohortId: number;
  canAssign: boolean;
}

type ListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: ApiPage<CohortMember> };

interface Draft {
  userId: number;
  role_id: RoleId;
  status: RecordStatus;
}

/** The cohort's members: search, pages, and (for those who may assign users) role and status changes and removal. */
export function MembersTable({ cohortId, canAssign }: Props) {
  const t = useT();
  const searchId = useId();
  const { isReady, user } = useApiReadiness();
  const version = useStore($membersVersion);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [isLoading, setIsLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    if (!isReady) return;
    let isCancelled = false;
    setIsLoading(true);
    listMembers(cohortId, page, settledSearch).then(
      (list) => {
        if (isCancelled) return;
        // The last member of the last page was removed: show the page before.
        if (list.results.length === 0 && page > 1) return setPage(page - 1);
        setState({ status: 'ready', list });
        setIsLoading(false);
      },
      async (failure: unknown) => {
        const { message } = await readApiProblem(failure, t('admin.common.loadError'));
        if (isCancelled) return;
        setState({ status: 'error', message });
        setIsLoading(false);
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [isReady, cohortId, page, settledSearch, version, attempt, t]);

  /** Platform admins may change their own membership; anyone else would lock themselves out of this page. */
  const mayChange = (member: CohortMember) => canAssign && (member.userId !== user?.idUser || user.typeUser === 'admin');

  async function save(member: CohortMember, change: Draft) {
    setActionError(null);
    setBusyUserId(member.userId);
    try {
      await assignMembers(cohortId, [change]);
      setDraft(null);
      notify({ status: 'success', message: t('admin.members.updated', { name: fullName(member) }) });
      markMembersChanged();
    } catch (failure) {
      setActionError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setBusyUserId(null);
    }
  }

  async function remove(member: CohortMember) {
    const name = fullName(member);
    if (!window.confirm(t('admin.members.confirmRemove', { name }))) return;
    setActionError(null);
    setBusyUserId(member.userId);
    try {
      await removeMember(cohortId, member.userId);
      notify({ status: 'success', message: t('admin.members.removed', { name }) });
      markMembersChanged();
    } catch (failure) {
      setActionError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setBusyUserId(null);
    }
  }

  const list = state.status === 'ready' ? state.list : null;
  const pages = list ? pageCountOf(list, page) : 1;

  return (
    <div className="members-list">
      <form role="search" className="admin-form admin-form--inline" onSubmit={(event) => event.preventDefault()}>
        <label className="field members-search" htmlFor={searchId}>
          <span>{t('admin.members.searchLabel')}</span>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder={t('admin.members.searchPlaceholder')}
            autoComplete="off"
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </label>
      </form>

      <FormError message={actionError} />

      {state.status === 'loading' && (
        <p className="muted" aria-busy="true">
          {t('admin.common.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div className="admin-actions">
          <FormError message={state.message} />
          <RetryButton
            onRetry={() => {
              setState({ status: 'loading' });
              setAttempt((value) => value + 1);
            }}
          />
        </div>
      )}
      {list && list.count === 0 && (
        <p className="empty">{settledSearch ? t('admin.members.emptySearch', { search: settledSearch }) : t('admin.members.empty')}</p>
      )}
      {list && list.count > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {t('admin.members.count', { count: list.count })}
          </p>
          <div className="table-scroll">
            <table className="admin-table members-table" aria-label={t('admin.members.tableLabel')} aria-busy={isLoading}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.common.name')}</th>
                  <th scope="col">{t('admin.members.email')}</th>
                  <th scope="col">{t('admin.members.role')}</th>
                  <th scope="col">{t('admin.common.status')}</th>
                  {canAssign && <th scope="col">{t('admin.common.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {list.results.map((member) => {
                  const name = fullName(member);
                  const editing = draft?.userId === member.userId ? draft : null;
                  const isBusy = busyUserId === member.userId;
                  return (
                    <tr key={member.userId}>
                      <th scope="row">
                        {name}
                        {member.userId === user?.idUser && <span className="badge members-you">{t('admin.members.you')}</span>}
                      </th>
                      <td className="members-email">{member.email}</td>
                      <td>
                        {editing ? (
                          <select
                            aria-label={t('admin.members.roleOf', { name })}
                            value={editing.role_id}
                            onChange={(event) => setDraft({ ...editing, role_id: Number(event.target.value) as RoleId })}
                          >
                            {ROLE_OPTIONS.map((roleId) => (
                              <option key={roleId} value={roleId}>
                                {roleLabel(t, roleId)}
                              </option>
                            ))}
                          </select>
                        ) : (
                          roleLabel(t, member.role_id)
                        )}
                      </td>
                      <td>
                        {editing ? (
                          <select
                            aria-label={t('admin.members.statusOf', { name })}
                            value={editing.status}
                            onChange={(event) => setDraft({ ...editing, status: event.target.value as RecordStatus })}
                          >
                            {RECORD_STATUSES.map((status) => (
                              <option key={status} value={status}>
                                {t(status === 'ACTIVE' ? 'admin.common.active' : 'admin.common.inactive')}
                              </option>
                            ))}
                          </select>
                        ) : (
                          <span className={member.status === 'ACTIVE' ? 'badge' : 'badge badge--inactive'}>
                            {t(member.status === 'ACTIVE' ? 'admin.common.active' : 'admin.common.inactive')}
                          </span>
                        )}
                      </td>
                      {canAssign && (
                        <td>
                          {mayChange(member) && (
                            <div className="admin-actions">
                              {editing ? (
                                <>
                                  <button
                                    type="button"
                                    className="button button--primary button--small"
                                    aria-label={t('admin.members.saveOf', { name })}
                                    disabled={isBusy}
                                    onClick={() => void save(member, editing)}
                                  >
                                    {isBusy ? t('admin.common.saving') : t('admin.common.save')}
                                  </button>
                                  <button type="button" className="button button--ghost button--small" disabled={isBusy} onClick={() => setDraft(null)}>
                                    {t('admin.common.cancel')}
                                  </button>
                                </>
                              ) : (
                                <>
                                  <button
                                    type="button"
                                    className="button button--ghost button--small"
                                    aria-label={t('admin.members.edit', { name })}
                                    disabled={isBusy}
                                    onClick={() => {
                                      setActionError(null);
                                      setDraft({ userId: member.userId, role_id: member.role_id, status: member.status });
                                    }}
                                  >
                                    {t('admin.common.edit')}
                                  </button>
                                  <button
                                    type="button"
                                    className="button button--danger button--small"
                                    aria-label={t('admin.members.removeOf', { name })}
                                    disabled={isBusy}
                                    onClick={() => void remove(member)}
                                  >
                                    {t('admin.members.remove')}
                                  </button>
                                </>
                              )}
                            </div>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="pager" aria-label={t('admin.members.pagination')}>
              <button type="button" className="button button--ghost button--small" disabled={!list.previous || isLoading} onClick={() => setPage(page - 1)}>
                {t('admin.members.previous')}
              </button>
              <span className="muted">{t('admin.members.page', { page, pages })}</span>
              <button type="button" className="button button--ghost button--small" disabled={!list.next || isLoading} onClick={() => setPage(page + 1)}>
                {t('admin.members.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
