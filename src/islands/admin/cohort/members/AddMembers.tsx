import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import type { FoundUser } from '~/lib/shared/schemas/user-search';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { RetryButton } from '~/islands/admin/common/LoadState';
import { assignMembers, searchUsers, type ApiPage } from './members-api';
import { fullName, ROLE_OPTIONS, roleLabel } from './member-roles';
import { $membersVersion, markMembersChanged } from './members-store';
import { useApiReadiness } from './use-api-readiness';
import { useDebouncedValue } from './use-debounced-value';

/** The API refuses shorter searches (they would match most of the platform). */
const MIN_SEARCH_LENGTH = 2;

type SearchState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: ApiPage<FoundUser> };

/** Finds platform users by name or email and adds the chosen ones to the cohort with one role. */
export function AddMembers({ cohortId, panelId }: { cohortId: number; panelId: string }) {
  const t = useT();
  const ids = useId();
  const { isReady } = useApiReadiness();
  const version = useStore($membersVersion);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<Map<number, FoundUser>>(new Map());
  const [roleId, setRoleId] = useState<RoleId>(ROLE_IDS.student);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (!isReady || settledSearch.length < MIN_SEARCH_LENGTH) {
      setState({ status: 'idle' });
      return;
    }
    let isCancelled = false;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    searchUsers(cohortId, settledSearch, page).then(
      (list) => !isCancelled && setState({ status: 'ready', list }),
      async (failure: unknown) => {
        const { message } = await readApiProblem(failure, t('admin.common.loadError'));
        if (!isCancelled) setState({ status: 'error', message });
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [isReady, cohortId, settledSearch, page, version, attempt, t]);

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

  const list = state.status === 'ready' ? state.list : null;
  return (
    <section id={panelId} className="members-panel" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('admin.members.add.title')}</h3>
      <form role="search" className="admin-form" onSubmit={(event) => event.preventDefault()}>
        <label className="field" htmlFor={`${ids}-search`}>
          <span>{t('admin.members.add.searchLabel')}</span>
          <input
            id={`${ids}-search`}
            type="search"
            value={search}
            autoComplete="off"
            autoFocus
            maxLength={100}
            aria-describedby={`${ids}-hint`}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </label>
        <small id={`${ids}-hint`} className="muted">
          {t('admin.members.add.searchHint')}
        </small>
      </form>

      <div aria-live="polite">
        {state.status === 'loading' && <p className="muted">{t('admin.members.add.searching')}</p>}
        {list && list.count === 0 && <p className="empty">{t('admin.members.add.noResults', { search: settledSearch })}</p>}
      </div>
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
                      {t(user.membership.status === 'ACTIVE' ? 'admin.members.add.alreadyMember' : 'admin.members.add.alreadyInactive', {
                        role: roleLabel(t, user.membership.role_id),
                      })}
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
          {(list.previous || list.next) && (
            <div className="pager">
              <button type="button" className="button button--ghost button--small" disabled={!list.previous} onClick={() => setPage(page - 1)}>
                {t('admin.members.previous')}
              </button>
              <button type="button" className="button button--ghost button--small" disabled={!list.next} onClick={() => setPage(page + 1)}>
                {t('admin.members.next')}
              </button>
            </div>
          )}
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
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('admin.members.add.unselect', { name: fullName(user) })}
                    onClick={() => toggle(user, false)}
                  >
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
