import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { getApi } from '~/lib/client/app-client';
import type { Language } from '~/lib/shared/constants';
import type { LearningPath, Organization } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { ListStatus, LoadMore } from '~/islands/admin/common/LoadMore';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { usePagedList, useSessionReady } from '~/islands/admin/common/use-paged-list';
import { CohortBranch } from './CohortBranch';
import { EditableNode } from './EditableNode';

function LearningPathNode({ lang, path, onChanged }: { lang: Language; path: LearningPath; onChanged(path: LearningPath): void }) {
  const t = useT();
  return (
    <EditableNode
      item={path}
      route={`/api/v2/learning-paths/${path.id}/`}
      kind={t('admin.structure.learningPath')}
      editLabel={t('admin.structure.editLearningPath', { name: path.name })}
      withDescription
      onChanged={onChanged}
      renderChildren={() => (
        <>
          {path.description && <p className="muted structure-node__description">{path.description}</p>}
          <CohortBranch lang={lang} path={path} />
        </>
      )}
    />
  );
}

/** The learning paths of one organization, a page at a time, with "New learning path". */
export function LearningPathBranch({ lang, organization }: { lang: Language; organization: Organization }) {
  const t = useT();
  const ready = useSessionReady();
  const list = usePagedList<LearningPath>(ready ? `/api/v2/learning-paths/?organization=${organization.id}` : null);
  const [creating, setCreating] = useState(false);

  async function create(values: NameDescription) {
    const path = await getApi().post<LearningPath>('/api/v2/learning-paths/', { ...values, organizationId: organization.id });
    list.add(path);
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: path.name }) });
  }

  return (
    <div className="structure-branch">
      <div className="structure-branch__head">
        <h3 className="structure-branch__title">{t('admin.structure.learningPaths')}</h3>
        {!creating && list.state.status === 'ready' && (
          <button type="button" className="button button--ghost button--small" aria-label={t('admin.structure.newLearningPathIn', { name: organization.name })} onClick={() => setCreating(true)}>
            {t('admin.structure.newLearningPath')}
          </button>
        )}
      </div>
      {creating && (
        <NameDescriptionForm
          label={t('admin.structure.newLearningPathIn', { name: organization.name })}
          withDescription
          submitLabel={t('admin.common.create')}
          onSubmit={create}
          onCancel={() => setCreating(false)}
        />
      )}
      <ListStatus list={list} />
      {list.state.status === 'ready' &&
        (list.state.items.length === 0 ? (
          !creating && <p className="empty">{t('admin.structure.noLearningPaths')}</p>
        ) : (
          <ul className="structure-tree" aria-label={t('admin.structure.learningPathsOf', { name: organization.name })}>
            {list.state.items.map((path) => (
              <LearningPathNode key={path.id} lang={lang} path={path} onChanged={list.replace} />
            ))}
          </ul>
        ))}
      <LoadMore list={list} label={t('admin.structure.loadMore')} summary={(shown, count) => t('admin.structure.shown', { shown, count })} />
    </div>
  );
}
