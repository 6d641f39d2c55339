import { useState } from 'react';
import { useT } from '~/i18n/islands';
import type { Language } from '~/lib/shared/constants';
import type { Cohort, LearningPath } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useSharedData } from '~/islands/common/shared-data';
import { CohortForm, type CohortValues } from './CohortForm';
import { RowActions } from './RowActions';
import { formatDate } from '~/lib/shared/format';
import { StatusBadge } from './StatusBadge';
import { archiveCohort, createCohort, updateCohort } from '~/lib/client/api/structure';
import { cohorts as sharedCohorts, programs as sharedPrograms, putCohort } from './structure-store';

/** A `YYYY-MM-DD` date in the reader's language (a calendar date: noon in Bogotá is that day). */
const formatDay = (lang: Language, day: string) => formatDate(lang, `${day}T12:00:00-05:00`, 'medium');

function CohortDates({ lang, cohort }: { lang: Language; cohort: Cohort }) {
  const t = useT();
  const start = cohort.startsOn && formatDay(lang, cohort.startsOn);
  const end = cohort.endsOn && formatDay(lang, cohort.endsOn);
  if (start && end) return <span className="muted">{t('admin.structure.datesBetween', { start, end })}</span>;
  if (start) return <span className="muted">{t('admin.structure.datesFrom', { start })}</span>;
  if (end) return <span className="muted">{t('admin.structure.datesUntil', { end })}</span>;
  return null;
}

function CohortRow({ lang, cohort }: { lang: Language; cohort: Cohort }) {
  const t = useT();
  const programs = useSharedData(sharedPrograms).state;
  const [editing, setEditing] = useState(false);
  const program = programs.status === 'ready' ? programs.data.find((item) => item.id === cohort.programId) : undefined;

  async function save(values: CohortValues) {
    putCohort(await updateCohort(cohort.id, values));
    setEditing(false);
    notify({ status: 'success', message: t('admin.common.saved') });
  }

  if (editing) {
    return (
      <li>
        <CohortForm label={t('admin.structure.editCohort', { name: cohort.name })} initial={cohort} submitLabel={t('admin.common.save')} onSubmit={save} onCancel={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="admin-list__item structure-cohort" data-testid="structure-cohort">
      <span className="admin-list__main">
        <strong className="structure-cohort__name">{cohort.name}</strong>
        <span className="structure-cohort__meta">
          <span>
            {cohort.programId === null ? t('admin.structure.noProgram') : t('admin.structure.programNamed', { name: program?.name ?? t('admin.structure.programNumber', { id: cohort.programId }) })}
          </span>
          <CohortDates lang={lang} cohort={cohort} />
        </span>
      </span>
      <StatusBadge status={cohort.status} />
      <a className="button button--ghost button--small" href={`/admin/cohorts/${cohort.id}`} aria-label={t('admin.structure.manageCohortNamed', { name: cohort.name })}>
        {t('admin.structure.manageCohort')}
      </a>
      <RowActions
        name={cohort.name}
        status={cohort.status}
        onEdit={() => setEditing(true)}
        onArchive={async () => putCohort(await archiveCohort(cohort.id))}
        onRestore={async () => putCohort(await updateCohort(cohort.id, { status: 'ACTIVE' }))}
      />
    </li>
  );
}

/** The cohorts of one learning path, with "New cohort". */
export function CohortBranch({ lang, path }: { lang: Language; path: LearningPath }) {
  const t = useT();
  const cohorts = useSharedData(sharedCohorts);
  const [creating, setCreating] = useState(false);

  async function create(values: CohortValues) {
    const cohort = await createCohort(path.id, values);
    putCohort(cohort);
    setCreating(false);
    notify({ status: 'success', message: t('admin.structure.created', { name: cohort.name }) });
  }

  if (cohorts.state.status !== 'ready') return <LoadStatus loader={cohorts} />;
  const own = cohorts.state.data.filter((cohort) => cohort.learningPathId === path.id);
  return (
    <div className="structure-branch">
      <div className="structure-branch__head">
        <h4 className="structure-branch__title">{t('admin.structure.cohorts')}</h4>
        {!creating && (
          <button type="button" className="button button--ghost button--small" aria-label={t('admin.structure.newCohortIn', { name: path.name })} onClick={() => setCreating(true)}>
            {t('admin.structure.newCohort')}
          </button>
        )}
      </div>
      {creating && <CohortForm label={t('admin.structure.newCohortIn', { name: path.name })} submitLabel={t('admin.common.create')} onSubmit={create} onCancel={() => setCreating(false)} />}
      {own.length === 0 ? (
        !creating && <p className="empty">{t('admin.structure.noCohorts')}</p>
      ) : (
        <ul className="admin-list" aria-label={t('admin.structure.cohortsOf', { name: path.name })}>
          {own.map((cohort) => (
            <CohortRow key={cohort.id} lang={lang} cohort={cohort} />
          ))}
        </ul>
      )}
    </div>
  );
}
