import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { CohortLevel } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { DeleteButton } from '~/islands/admin/common/DeleteButton';
import { SortableList, StaticList } from '~/islands/admin/common/SortableList';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useSharedData } from '~/islands/common/shared-data';
import { createLevel, deleteLevel, renameLevel, reorderLevels } from '~/lib/client/api/cohorts';
import { cohortLevels } from './levels/levels-store';
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
  const shared = useSharedData(cohortLevels(cohortId));
  const [renaming, setRenaming] = useState<number | null>(null);
  const changes = useListChanges();

  if (shared.state.status !== 'ready') return <LoadStatus loader={shared} />;
  const levels = shared.state.data;
  const setLevels = (next: CohortLevel[]) => shared.update(() => next);

  async function create(name: string) {
    const level = await createLevel(cohortId, name);
    setLevels([...levels, level]);
    notify({ status: 'success', message: t('admin.levels.added', { name: level.name }) });
  }

  async function rename(level: CohortLevel, name: string) {
    const renamed = await renameLevel(cohortId, level.id, name);
    setLevels(levels.map((item) => (item.id === renamed.id ? renamed : item)));
    setRenaming(null);
    notify({ status: 'success', message: t('admin.levels.renamed', { name: renamed.name }) });
  }

  const remove = (level: CohortLevel) =>
    changes.change(
      level.id,
      async () => {
        await deleteLevel(cohortId, level.id);
        setLevels(levels.filter((item) => item.id !== level.id));
        notify({ status: 'success', message: t('admin.levels.deleted', { name: level.name }) });
      },
      t('admin.levels.confirmDelete', { name: level.name }),
    );

  // Someone else changed the levels meanwhile: show what is saved now.
  const reorder = (order: number[]) => changes.reorder(async () => setLevels(await reorderLevels(cohortId, order)), shared.reload);

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
            <DeleteButton label={t('admin.levels.deleteLabel', { name: level.name })} busy={changes.busyId === level.id} onDelete={() => void remove(level)} />
          </span>
        )}
      </>
    );

  return (
    <div className="cohort-content">
      <p className="muted">{t('admin.levels.intro')}</p>
      <FormError message={changes.error} />
      {levels.length === 0 ? (
        <p className="empty">{t('admin.levels.empty')}</p>
      ) : canManage ? (
        <SortableList items={levels} onReorder={reorder} renderItem={renderLevel} disabled={renaming !== null || changes.busyId !== null} label={t('admin.levels.listLabel')} testId="cohort-levels" />
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
