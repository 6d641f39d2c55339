import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import type { FoundUser } from '~/lib/shared/schemas/user-search';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { Pager } from '~/islands/admin/common/Pager';
import { SearchField } from '~/islands/admin/common/SearchField';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { assignMembers, searchUsers } from '~/lib/client/api/cohort-members';
import { fullName, ROLE_OPTIONS, roleLabel } from './member-roles';
import { $membersVersion, markMembersChanged } from './members-store';
import { useDebouncedValue } from '~/islands/common/use-debounced-value';

/** The API refuses shorter searches (they would match most of the platform). */
const MIN_SEARCH_LENGTH = 2;

/** Finds platform users by name or email and adds the chosen ones to the cohort with one role. */
export function AddMembers({ cohortId, panelId }: { cohortId: number; panelId: string }) {
  const t = useT();
  const ids = useId();
  const version = useStore($membersVersion);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  // Nothing is searched below the minimum; the results stay while the next ones are read.
  const loader = useLoader(settledSearch.length < MIN_SEARCH_LENGTH ? null : (signal) => searchUsers(cohortId, settledSearch, page, signal), [cohortId, settledSearch, page, version], {
    keepData: true,
  });
  const [selected, setSelected] = useState<Map<number, FoundUser>>(new Map());
  const [roleId, setRoleId] = useState<RoleId>(ROLE_IDS.student);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  function toggle(user: FoundUser, isChecked: boolean) {
    setSelected((previous) => {
      const next = new Map(previous);
      if (isChecked) next.set(user.id, user);
      else next.delete(user.id);
      return next;
    });
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (selected.size === 0) return;
    setIsSaving(true);
    setSaveError(null);
    try {
      const { assigned } = await assignMembers(
        cohortId,
        [...selected.keys()].map((userId) => ({ userId, role_id: roleId })),
      );
      notify({ status: 'success', message: t('admin.members.add.done', { count: assigned.length }) });
      setSelected(new Map());
      markMembersChanged();
    } catch (failure) {
      setSaveError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setIsSaving(false);
    }
  }

  const { state } = loader;
  const list = state.status === 'ready' ? state.data : null;
  return (
    <section id={panelId} className="members-panel" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('admin.members.add.title')}</h3>
      <SearchField
        label={t('admin.members.add.searchLabel')}
        hint={t('admin.members.add.searchHint')}
        autoFocus
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />

      <div aria-live="polite">
        {state.status === 'loading' && <p className="muted">{t('admin.members.add.searching')}</p>}
        {list && list.count === 0 && <p className="empty">{t('admin.members.add.noResults', { search: settledSearch })}</p>}
      </div>
      {state.status === 'error' && <LoadStatus loader={loader} />}
      {list && list.count > 0 && (
        <>
          <ul className="admin-list members-results" aria-label={t('admin.members.add.resultsLabel')}>
            {list.results.map((user) => (
              <li key={user.id} className="admin-list__item">
                {user.membership ? (
                  <>
                    <span className="admin-list__main">
                      <strong>{fullName(user)}</strong> <span className="muted members-email">{user.email}</span>
                    </span>
                    <span className={user.membership.status === 'ACTIVE' ? 'badge' : 'badge badge--inactive'}>
                      {t(user.membership.status === 'ACTIVE' ? 'admin.members.add.alreadyMember' : 'admin.members.add.alreadyInactive', { role: roleLabel(t, user.membership.role_id) })}
                    </span>
                  </>
                ) : (
                  <label className="admin-list__main members-pick">
                    <input type="checkbox" checked={selected.has(user.id)} onChange={(event) => toggle(user, event.target.checked)} />
                    <span>
                      <strong>{fullName(user)}</strong> <span className="muted members-email">{user.email}</span>
                    </span>
                  </label>
                )}
              </li>
            ))}
          </ul>
          <Pager
            page={list}
            label={t('admin.members.pagination')}
            previousLabel={t('admin.members.previous')}
            nextLabel={t('admin.members.next')}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
          />
        </>
      )}

      <form className="admin-form members-assign" onSubmit={submit}>
        {selected.size > 0 && (
          <div className="members-selection">
            <p className="muted">{t('admin.members.add.selected', { count: selected.size })}</p>
            <ul className="members-chips">
              {[...selected.values()].map((user) => (
                <li key={user.id} className="members-chip">
                  {fullName(user)}
                  <button type="button" className="icon-button" aria-label={t('admin.members.add.unselect', { name: fullName(user) })} onClick={() => toggle(user, false)}>
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="admin-form--inline">
          <label className="field" htmlFor={`${ids}-role`}>
            <span>{t('admin.members.add.roleLabel')}</span>
            <select id={`${ids}-role`} value={roleId} onChange={(event) => setRoleId(Number(event.target.value) as RoleId)}>
              {ROLE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {roleLabel(t, option)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--primary" disabled={selected.size === 0 || isSaving}>
            {isSaving ? t('admin.members.add.adding') : t('admin.members.add.submit', { count: selected.size })}
          </button>
        </div>
        <FormError message={saveError} />
      </form>
    </section>
  );
}
