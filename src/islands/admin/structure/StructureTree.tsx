import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { Page } from '~/lib/shared/pagination';
import type { Organization } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { withItemFirst, withItemReplaced } from '~/islands/common/list-updates';
import { LoadMore, LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { LearningPathBranch } from './LearningPathBranch';
import { EditableNode } from './EditableNode';
import { createOrganization, listOrganizations, organizationApi } from '~/lib/client/api/structure';
import '~/styles/admin-structure.css';

export interface StructureTreeProps {
  lang: Language;
  messages: Messages;
  /** The first page of organizations, rendered by the server. */
  initialOrganizations: Page<Organization>;
}

function OrganizationNode({ lang, organization, onChanged }: { lang: Language; organization: Organization; onChanged(organization: Organization): void }) {
  const t = useT();
  return (
    <EditableNode
      item={organization}
      api={organizationApi(organization.id)}
      kind={t('admin.structure.organization')}
      editLabel={t('admin.structure.editOrganization', { name: organization.name })}
      onChanged={onChanged}
      renderChildren={() => <LearningPathBranch lang={lang} organization={organization} />}
    />
  );
}

function Tree({ lang, initialOrganizations }: { lang: Language; initialOrganizations: Page<Organization> }) {
  const t = useT();
  const list = useLoader(listOrganizations, [], { initial: initialOrganizations });
  const [creating, setCreating] = useState(false);

  async function create({ name }: NameDescription) {
    const organization = await createOrganization(name);
    list.update((page) => withItemFirst(page, organization));
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: organization.name }) });
  }

  const replace = (organization: Organization) => list.update((page) => ({ ...page, results: withItemReplaced(page.results, organization) }));

  return (
    <div className="structure">
      <div className="structure-branch__head">
        <h2 className="structure-branch__title">{t('admin.structure.organizations')}</h2>
        {!creating && list.state.status === 'ready' && (
          <button type="button" className="button button--primary button--small" onClick={() => setCreating(true)}>
            {t('admin.structure.newOrganization')}
          </button>
        )}
      </div>
      {creating && <NameDescriptionForm label={t('admin.structure.newOrganization')} submitLabel={t('admin.common.create')} onSubmit={create} onCancel={() => setCreating(false)} />}
      <LoadStatus loader={list} />
      {list.state.status === 'ready' &&
        (list.state.data.results.length === 0 ? (
          !creating && <p className="empty">{t('admin.structure.noOrganizations')}</p>
        ) : (
          <ul className="structure-tree" aria-label={t('admin.structure.treeLabel')} data-testid="structure-tree">
            {list.state.data.results.map((organization) => (
              <OrganizationNode key={organization.id} lang={lang} organization={organization} onChanged={replace} />
            ))}
          </ul>
        ))}
      <LoadMore loader={list} />
    </div>
  );
}

/** Organizations → learning paths → cohorts as an expandable tree, with create, edit, archive and restore at each level (platform admins). */
export default function StructureTree({ lang, messages, initialOrganizations }: StructureTreeProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Tree lang={lang} initialOrganizations={initialOrganizations} />
    </IslandI18n>
  );
}
