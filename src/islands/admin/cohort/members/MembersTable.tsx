import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '~/i18n/islands';
import { RECORD_STATUSES, type RecordStatus, type RoleId } from '~/lib/shared/constants';
import type { CohortMember } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { Pager } from '~/islands/admin/common/Pager';
import { SearchField } from '~/islands/admin/common/SearchField';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { useSession } from '~/islands/common/use-session';
import { listMembers, pageCountOf, removeMember, assignMembers } from '~/lib/client/api/cohort-members';
import { fullName, ROLE_OPTIONS, roleLabel } from './member-roles';
import { $membersVersion, markMembersChanged } from './members-store';
import { WithdrawStudent } from './WithdrawStudent';
import { calendarDayText } from '~/islands/common/calendar-day';
import { useLang } from '~/i18n/islands';
import { ROLE_IDS } from '~/lib/shared/constants';
import { useDebouncedValue } from '~/islands/common/use-debounced-value';

interface Props {
  cohortId: number;
  canAssign: boolean;
}

interface Draft {
  userId: number;
  role_id: RoleId;
  status: RecordStatus;
}

/** The cohort's members: search, pages, and (for those who may assign users) role and status changes and removal. */
export function MembersTable({ cohortId, canAssign }: Props) {
  const t = useT();
  const user = useSession().user;
  const version = useStore($membersVersion);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  // The table stays while the next page or search is read (aria-busy meanwhile).
  const loader = useLoader((signal) => listMembers(cohortId, page, settledSearch, signal), [cohortId, page, settledSearch, version], { keepData: true });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [withdrawing, setWithdrawing] = useState<CohortMember | null>(null);
  const lang = useLang();
  const changes = useListChanges();

  const list = loader.state.status === 'ready' ? loader.state.data : null;
  const isLoading = loader.state.status === 'loading' || loader.isReloading;

  // The last member of the last page was removed: show the page before.
  useEffect(() => {
    if (list && list.results.length === 0 && page > 1) setPage(page - 1);
  }, [list, page]);

  /** Platform admins may change their own membership; anyone else would lock themselves out of this page. */
  const mayChange = (member: CohortMember) => canAssign && (member.userId !== user?.idUser || user.typeUser === 'admin');

  const save = (member: CohortMember, change: Draft) =>
    changes.change(member.userId, async () => {
      await assignMembers(cohortId, [change]);
      setDraft(null);
      notify({ status: 'success', message: t('admin.members.updated', { name: fullName(member) }) });
      markMembersChanged();
    });

  const remove = (member: CohortMember) =>
    changes.change(
      member.userId,
      async () => {
        await removeMember(cohortId, member.userId);
        notify({ status: 'success', message: t('admin.members.removed', { name: fullName(member) }) });
        markMembersChanged();
      },
      t('admin.members.confirmRemove', { name: fullName(member) }),
    );

  const pages = list ? pageCountOf(list, page) : 1;

  return (
    <div className="members-list">
      <SearchField
        className="admin-form--inline members-search"
        label={t('admin.members.searchLabel')}
        placeholder={t('admin.members.searchPlaceholder')}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />

      <FormError message={changes.error} />
      {withdrawing && (
        <WithdrawStudent
          cohortId={cohortId}
          member={withdrawing}
          onCancel={() => setWithdrawing(null)}
          onDone={() => {
            setWithdrawing(null);
            markMembersChanged();
          }}
        />
      )}
      <LoadStatus loader={loader} />
      {list && list.count === 0 && <p className="empty">{settledSearch ? t('admin.members.emptySearch', { search: settledSearch }) : t('admin.members.empty')}</p>}
      {list && list.count > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {t('admin.members.count', { count: list.count })}
          </p>
          <div className="table-scroll">
            <table className="admin-table admin-table--cards members-table" aria-label={t('admin.members.tableLabel')} aria-busy={isLoading}>
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
                  const isBusy = changes.busyId === member.userId;
                  return (
                    <tr key={member.userId}>
                      <th scope="row">
                        {name}
                        {member.userId === user?.idUser && <span className="badge members-you">{t('admin.members.you')}</span>}
                      </th>
                      <td className="members-email" data-label={t('admin.members.email')}>
                        {member.email}
                      </td>
                      <td data-label={t('admin.members.role')}>
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
                      <td data-label={t('admin.common.status')}>
                        {editing ? (
                          <select aria-label={t('admin.members.statusOf', { name })} value={editing.status} onChange={(event) => setDraft({ ...editing, status: event.target.value as RecordStatus })}>
                            {RECORD_STATUSES.map((status) => (
                              <option key={status} value={status}>
                                {t(status === 'ACTIVE' ? 'admin.common.active' : 'admin.common.inactive')}
                              </option>
                            ))}
                          </select>
                        ) : member.withdrawnOn ? (
                          <span className="badge badge--inactive">
                            {t('withdrawal.withdrawnBadge', { date: calendarDayText(lang, member.withdrawnOn) })} · {t(`withdrawal.reason.${member.withdrawalReason}`)}
                          </span>
                        ) : (
                          <span className={member.status === 'ACTIVE' ? 'badge' : 'badge badge--inactive'}>{t(member.status === 'ACTIVE' ? 'admin.common.active' : 'admin.common.inactive')}</span>
                        )}
                      </td>
                      {canAssign && (
                        <td data-label={t('admin.common.actions')}>
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
                                      changes.clearError();
                                      setDraft({ userId: member.userId, role_id: member.role_id, status: member.status });
                                    }}
                                  >
                                    {t('admin.common.edit')}
                                  </button>
                                  {member.role_id === ROLE_IDS.student && member.status === 'ACTIVE' && (
                                    <button
                                      type="button"
                                      className="button button--ghost button--small"
                                      aria-label={t('withdrawal.withdrawOf', { name })}
                                      disabled={isBusy}
                                      onClick={() => {
                                        changes.clearError();
                                        setWithdrawing(member);
                                      }}
                                    >
                                      {t('withdrawal.withdraw')}
                                    </button>
                                  )}
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
          <Pager
            page={list}
            label={t('admin.members.pagination')}
            previousLabel={t('admin.members.previous')}
            nextLabel={t('admin.members.next')}
            position={t('admin.members.page', { page, pages })}
            disabled={isLoading}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
          />
        </>
      )}
    </div>
  );
}
