import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { Page } from '~/lib/shared/pagination';
import type { Program } from '~/lib/shared/schemas/content';
import { notify } from '~/islands/shell/notify';
import { withItemFirst, withItemReplaced } from '~/islands/common/list-updates';
import { LoadMore, LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { RowActions } from '~/islands/admin/structure/RowActions';
import { StatusBadge } from '~/islands/admin/structure/StatusBadge';
import { archiveProgram, createProgram, listPrograms, updateProgram } from '~/lib/client/api/programs';
import '~/styles/admin-structure.css';

export interface ProgramListProps {
  lang: Language;
  messages: Messages;
  /** The first page of programs, rendered by the server. */
  initialPage: Page<Program>;
}

function ProgramRow({ program, onChanged }: { program: Program; onChanged(program: Program): void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);

  async function save(values: NameDescription) {
    onChanged(await updateProgram(program.id, values));
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
        onEdit={() => setEditing(true)}
        onArchive={async () => {
          await archiveProgram(program.id);
          onChanged({ ...program, status: 'INACTIVE' });
        }}
        onRestore={async () => onChanged(await updateProgram(program.id, { status: 'ACTIVE' }))}
      />
    </li>
  );
}

function Programs({ initialPage }: { initialPage: Page<Program> }) {
  const t = useT();
  const list = useLoader(listPrograms, [], { initial: initialPage });
  const [creating, setCreating] = useState(false);

  async function create(values: NameDescription) {
    const program = await createProgram(values);
    list.update((page) => withItemFirst(page, program));
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: program.name }) });
  }

  const replace = (program: Program) => list.update((page) => ({ ...page, results: withItemReplaced(page.results, program) }));

  return (
    <div className="structure">
      {!creating && list.state.status === 'ready' && (
        <div>
          <button type="button" className="button button--primary button--small" onClick={() => setCreating(true)}>
            {t('admin.programs.newProgram')}
          </button>
        </div>
      )}
      {creating && <NameDescriptionForm label={t('admin.programs.newProgram')} withDescription submitLabel={t('admin.common.create')} onSubmit={create} onCancel={() => setCreating(false)} />}
      <LoadStatus loader={list} />
      {list.state.status === 'ready' &&
        (list.state.data.results.length === 0 ? (
          !creating && <p className="empty">{t('admin.programs.noPrograms')}</p>
        ) : (
          <ul className="admin-list" aria-label={t('admin.programs.listLabel')} data-testid="admin-programs">
            {list.state.data.results.map((program) => (
              <ProgramRow key={program.id} program={program} onChanged={replace} />
            ))}
          </ul>
        ))}
      <LoadMore loader={list} />
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
