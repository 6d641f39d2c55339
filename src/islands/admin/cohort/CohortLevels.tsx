import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { getApi } from '~/lib/client/app-client';
import type { Language } from '~/lib/shared/constants';
import type { CohortLevel } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { LoadState } from '~/islands/admin/common/LoadState';
import { SortableList, StaticList } from '~/islands/admin/common/SortableList';
import { $cohortLevels, loadCohortLevels, setCohortLevels } from './levels/levels-store';
import { LevelNameForm } from './levels/LevelNameForm';
import '~/styles/admin-cohort-content.css';

export interface CohortLevelsProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

function Levels({ cohortId, canManage }: { cohortId: number; canManage: boolean }) {
  const t = useT();
  const state = useStore($cohortLevels);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const levelsUrl = `/api/v2/cohorts/${cohortId}/levels/`;

  useEffect(() => {
    void loadCohortLevels(cohortId);
  }, [cohortId]);

  if (state.status !== 'ready') return <LoadState status={state.status} onRetry={() => void loadCohortLevels(cohortId, true)} />;
  const { levels } = state;

  async function create(name: string) {
    const level = await getApi().post<CohortLevel>(levelsUrl, { name });
    setCohortLevels([...levels, level]);
    notify({ status: 'success', message: t('admin.levels.added', { name: level.name }) });
  }

  async function rename(level: CohortLevel, name: string) {
    const renamed = await getApi().patch<CohortLevel>(`${levelsUrl}${level.id}/`, { name });
    setCohortLevels(levels.map((item) => (item.id === renamed.id ? renamed : item)));
    setRenaming(null);
    notify({ status: 'success', message: t('admin.levels.renamed', { name: renamed.name }) });
  }

  async function remove(level: CohortLevel) {
    if (!window.confirm(t('admin.levels.confirmDelete', { name: level.name }))) return;
    setError(null);
    setDeleting(level.id);
    try {
      await getApi().delete(`${levelsUrl}${level.id}/`);
      setCohortLevels(levels.filter((item) => item.id !== level.id));
      notify({ status: 'success', message: t('admin.levels.deleted', { name: level.name }) });
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setDeleting(null);
    }
  }

  async function reorder(order: number[]) {
    setError(null);
    try {
      setCohortLevels(await getApi().put<CohortLevel[]>(levelsUrl, { order }));
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
      // Someone else changed the levels meanwhile: show what is saved now.
      if (failure instanceof Response && failure.status === 400) void loadCohortLevels(cohortId, true);
      throw failure;
    }
  }

  const renderLevel = (level: CohortLevel) =>
    renaming === level.id ? (
      <div className="admin-list__main">
        <LevelNameForm
          label={t('admin.levels.nameLabel')}
          submitLabel={t('admin.common.save')}
          formLabel={t('admin.levels.renameLabel', { name: level.name })}
          initialName={level.name}
          onSave={(name) => rename(level, name)}
          onCancel={() => setRenaming(null)}
        />
      </div>
    ) : (
      <>
        <span className="admin-list__main">{level.name}</span>
        {canManage && (
          <span className="admin-actions">
            <button type="button" className="button button--ghost button--small" aria-label={t('admin.levels.renameLabel', { name: level.name })} onClick={() => setRenaming(level.id)}>
              {t('admin.levels.rename')}
            </button>
            <button
              type="button"
              className="button button--danger button--small"
              aria-label={t('admin.levels.deleteLabel', { name: level.name })}
              disabled={deleting === level.id}
              onClick={() => void remove(level)}
            >
              {t('admin.common.delete')}
            </button>
          </span>
        )}
      </>
    );

  return (
    <div className="cohort-content">
      <p className="muted">{t('admin.levels.intro')}</p>
      <FormError message={error} />
      {levels.length === 0 ? (
        <p className="empty">{t('admin.levels.empty')}</p>
      ) : canManage ? (
        <SortableList
          items={levels}
          onReorder={reorder}
          renderItem={renderLevel}
          disabled={renaming !== null || deleting !== null}
          label={t('admin.levels.listLabel')}
          testId="cohort-levels"
        />
      ) : (
        <StaticList items={levels} renderItem={renderLevel} label={t('admin.levels.listLabel')} testId="cohort-levels" />
      )}
      {canManage && <LevelNameForm label={t('admin.levels.newName')} submitLabel={t('admin.levels.add')} formLabel={t('admin.levels.addForm')} onSave={create} />}
    </div>
  );
}

/** The cohort's levels: list, add, rename, delete and reorder (read-only without the right). */
export default function CohortLevels({ lang, messages, cohortId, canManage }: CohortLevelsProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Levels cohortId={cohortId} canManage={canManage} />
    </IslandI18n>
  );
}
