import { useEffect, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { getApi } from '~/lib/client/app-client';
import type { Language } from '~/lib/shared/constants';
import type { Organization } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { ListStatus, LoadMore } from '~/islands/admin/common/LoadMore';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { usePagedList, useSessionReady, type Page } from '~/islands/admin/common/use-paged-list';
import { LearningPathBranch } from './LearningPathBranch';
import { EditableNode } from './EditableNode';
import { loadStructureLookups } from './structure-store';
import '~/styles/admin-structure.css';

export interface StructureTreeProps {
  lang: Language;
  messages: Messages;
  /** The first page of organizations, rendered by the server. */
  initialOrganizations: Page<Organization>;
}

function OrganizationNode({ lang, organization, ready, onChanged }: { lang: Language; organization: Organization; ready: boolean; onChanged(organization: Organization): void }) {
  const t = useT();
  return (
    <EditableNode
      item={organization}
      route={`/api/v2/organizations/${organization.id}/`}
      kind={t('admin.structure.organization')}
      editLabel={t('admin.structure.editOrganization', { name: organization.name })}
      disabled={!ready}
      onChanged={onChanged}
      renderChildren={() => <LearningPathBranch lang={lang} organization={organization} />}
    />
  );
}

function Tree({ lang, initialOrganizations }: { lang: Language; initialOrganizations: Page<Organization> }) {
  const t = useT();
  // Until the session is known the API must not be called (it would sign the user out): actions wait.
  const ready = useSessionReady();
  const list = usePagedList<Organization>(ready ? '/api/v2/organizations/' : null, initialOrganizations);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (ready) void loadStructureLookups();
  }, [ready]);

  async function create({ name }: NameDescription) {
    const organization = await getApi().post<Organization>('/api/v2/organizations/', { name });
    list.add(organization);
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: organization.name }) });
  }

  return (
    <div className="structure">
      <div className="structure-branch__head">
        <h2 className="structure-branch__title">{t('admin.structure.organizations')}</h2>
        {!creating && list.state.status === 'ready' && (
          <button type="button" className="button button--primary button--small" disabled={!ready} onClick={() => setCreating(true)}>
            {t('admin.structure.newOrganization')}
          </button>
        )}
      </div>
      {creating && <NameDescriptionForm label={t('admin.structure.newOrganization')} submitLabel={t('admin.common.create')} onSubmit={create} onCancel={() => setCreating(false)} />}
      <ListStatus list={list} />
      {list.state.status === 'ready' &&
        (list.state.items.length === 0 ? (
          !creating && <p className="empty">{t('admin.structure.noOrganizations')}</p>
        ) : (
          <ul className="structure-tree" aria-label={t('admin.structure.treeLabel')} data-testid="structure-tree">
            {list.state.items.map((organization) => (
              <OrganizationNode key={organization.id} lang={lang} organization={organization} ready={ready} onChanged={list.replace} />
            ))}
          </ul>
        ))}
      <LoadMore list={list} disabled={!ready} label={t('admin.structure.loadMore')} summary={(shown, count) => t('admin.structure.shown', { shown, count })} />
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
