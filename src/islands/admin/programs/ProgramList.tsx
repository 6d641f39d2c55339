import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { getApi } from '~/lib/client/app-client';
import type { Language } from '~/lib/shared/constants';
import type { Program } from '~/lib/shared/schemas/content';
import { notify } from '~/islands/shell/notify';
import { ListStatus, LoadMore } from '~/islands/admin/common/LoadMore';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { usePagedList, useSessionReady, type Page } from '~/islands/admin/common/use-paged-list';
import { RowActions } from '~/islands/admin/structure/RowActions';
import { StatusBadge } from '~/islands/admin/structure/StatusBadge';
import '~/styles/admin-structure.css';

export interface ProgramListProps {
  lang: Language;
  messages: Messages;
  /** The first page of programs, rendered by the server. */
  initialPage: Page<Program>;
}

function ProgramRow({ program, ready, onChanged }: { program: Program; ready: boolean; onChanged(program: Program): void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const route = `/api/v2/programs/${program.id}/`;

  async function save(values: NameDescription) {
    onChanged(await getApi().patch<Program>(route, { ...values }));
    setEditing(false);
    notify({ status: 'success', message: t('admin.common.saved') });
  }

  if (editing) {
    return (
      <li>
        <NameDescriptionForm
          label={t('admin.programs.editProgram', { name: program.name })}
          initial={program}
          withDescription
          submitLabel={t('admin.common.save')}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="admin-list__item">
      <span className="admin-list__main course-item__main">
        <a href={`/admin/programs/${program.id}`} className="course-item__name">
          <strong>{program.name}</strong>
        </a>
        {program.description && <p className="muted course-item__description">{program.description}</p>}
      </span>
      <StatusBadge status={program.status} />
      <RowActions
        name={program.name}
        status={program.status}
        disabled={!ready}
        onEdit={() => setEditing(true)}
        onArchive={async () => {
          // Archiving answers 204: the program stays, now INACTIVE.
          await getApi().delete(route);
          onChanged({ ...program, status: 'INACTIVE' });
        }}
        onRestore={async () => onChanged(await getApi().patch<Program>(route, { status: 'ACTIVE' }))}
      />
    </li>
  );
}

function Programs({ initialPage }: { initialPage: Page<Program> }) {
  const t = useT();
  // Until the session is known the API must not be called (it would sign the user out): actions wait.
  const ready = useSessionReady();
  const list = usePagedList<Program>(ready ? '/api/v2/programs/' : null, initialPage);
  const [creating, setCreating] = useState(false);

  async function create(values: NameDescription) {
    const program = await getApi().post<Program>('/api/v2/programs/', { ...values });
    list.add(program);
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: program.name }) });
  }

  return (
    <div className="structure">
      {!creating && list.state.status === 'ready' && (
        <div>
          <button type="button" className="button button--primary button--small" disabled={!ready} onClick={() => setCreating(true)}>
            {t('admin.programs.newProgram')}
          </button>
        </div>
      )}
      {creating && <NameDescriptionForm label={t('admin.programs.newProgram')} withDescription submitLabel={t('admin.common.create')} onSubmit={create} onCancel={() => setCreating(false)} />}
      <ListStatus list={list} />
      {list.state.status === 'ready' &&
        (list.state.items.length === 0 ? (
          !creating && <p className="empty">{t('admin.programs.noPrograms')}</p>
        ) : (
          <ul className="admin-list" aria-label={t('admin.programs.listLabel')} data-testid="admin-programs">
            {list.state.items.map((program) => (
              <ProgramRow key={program.id} program={program} ready={ready} onChanged={list.replace} />
            ))}
          </ul>
        ))}
      <LoadMore list={list} disabled={!ready} label={t('admin.structure.loadMore')} summary={(shown, count) => t('admin.structure.shown', { shown, count })} />
    </div>
  );
}

/** Every program, a page at a time, with create, edit, archive and restore (platform admins); each opens its courses. */
export default function ProgramList({ lang, messages, initialPage }: ProgramListProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Programs initialPage={initialPage} />
    </IslandI18n>
  );
}
