import { useState } from 'react';
import { useT } from '~/i18n/islands';
import type { Language } from '~/lib/shared/constants';
import type { LearningPath, Organization } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { withItemFirst, withItemReplaced } from '~/islands/common/list-updates';
import { LoadMore, LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { CohortBranch } from './CohortBranch';
import { EditableNode } from './EditableNode';
import { createLearningPath, learningPathApi, listLearningPaths } from '~/lib/client/api/structure';

function LearningPathNode({ lang, path, onChanged }: { lang: Language; path: LearningPath; onChanged(path: LearningPath): void }) {
  const t = useT();
  return (
    <EditableNode
      item={path}
      api={learningPathApi(path.id)}
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
  const list = useLoader((signal) => listLearningPaths(organization.id, signal), [organization.id]);
  const [creating, setCreating] = useState(false);

  async function create(values: NameDescription) {
    const path = await createLearningPath(organization.id, values);
    list.update((page) => withItemFirst(page, path));
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: path.name }) });
  }

  const replace = (path: LearningPath) => list.update((page) => ({ ...page, results: withItemReplaced(page.results, path) }));

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
      <LoadStatus loader={list} />
      {list.state.status === 'ready' &&
        (list.state.data.results.length === 0 ? (
          !creating && <p className="empty">{t('admin.structure.noLearningPaths')}</p>
        ) : (
          <ul className="structure-tree" aria-label={t('admin.structure.learningPathsOf', { name: organization.name })}>
            {list.state.data.results.map((path) => (
              <LearningPathNode key={path.id} lang={lang} path={path} onChanged={replace} />
            ))}
          </ul>
        ))}
      <LoadMore loader={list} />
    </div>
  );
}
