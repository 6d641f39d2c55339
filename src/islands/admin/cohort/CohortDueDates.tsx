import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { CohortAssignment } from '~/lib/shared/schemas/assignments';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { listCohortAssignments, moveDueDate } from '~/lib/client/api/cohorts';

interface Props {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

function DueDateRow({ lang, cohortId, item, canManage, onChange }: { lang: Language; cohortId: number; item: CohortAssignment; canManage: boolean; onChange(item: CohortAssignment): void }) {
  const t = useT();
  const [value, setValue] = useState(item.dueAt ? toBogotaInputValue(item.dueAt) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = t('admin.dueDates.field', { title: item.assignment.title });

  async function save(dueAt: string | null) {
    setBusy(true);
    setError(null);
    try {
      const changed = await moveDueDate(cohortId, item.assignment.id, dueAt);
      onChange(changed);
      setValue(changed.dueAt ? toBogotaInputValue(changed.dueAt) : '');
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError(Object.values(problem.fields)[0] ?? problem.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="admin-list__item">
      <div>
        <strong>{item.assignment.title}</strong> <span className="muted">{item.assignment.course.name}</span>
        <p className="muted">
          {item.dueAt ? formatDateTime(lang, item.dueAt) : t('admin.dueDates.none')}
          {item.isMoved && ` · ${t('admin.dueDates.moved')}`} · {t('admin.dueDates.counts', { submitted: item.counts.submitted + item.counts.graded, total: item.counts.total })}
        </p>
      </div>
      {canManage && (
        <form
          className="cohort-content__form"
          onSubmit={(event) => {
            event.preventDefault();
            const dueAt = fromBogotaInputValue(value);
            if (!dueAt) setError(t('admin.dueDates.invalid'));
            else void save(dueAt);
          }}
        >
          <label className="field">
            <span>{label}</span>
            <input type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} disabled={busy} />
          </label>
          <button type="submit" className="button button--ghost" disabled={busy}>
            {t('admin.dueDates.save')}
          </button>
          {item.isMoved && (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void save(null)}>
              {t('admin.dueDates.reset')}
            </button>
          )}
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </li>
  );
}

function DueDates({ lang, cohortId, canManage }: Omit<Props, 'messages'>) {
  const t = useT();
  const loader = useLoader((signal) => listCohortAssignments(cohortId, signal), [cohortId]);
  if (loader.state.status !== 'ready') return <LoadStatus loader={loader} />;
  const items = loader.state.data;
  const replace = (changed: CohortAssignment) => loader.update((current) => current.map((item) => (item.assignment.id === changed.assignment.id ? changed : item)));
  return (
    <div className="cohort-content">
      <p className="muted">{t('admin.dueDates.intro')}</p>
      {items.length === 0 ? (
        <p className="empty">{t('admin.dueDates.empty')}</p>
      ) : (
        <ul className="admin-list" aria-label={t('admin.dueDates.listLabel')}>
          {items.map((item) => (
            <DueDateRow key={item.assignment.id} lang={lang} cohortId={cohortId} item={item} canManage={canManage} onChange={replace} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A cohort's assignments with its due dates: tutors move a date for their cohort's students, or give them the assignment's own again. */
export default function CohortDueDates({ lang, messages, ...props }: Props) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <DueDates lang={lang} {...props} />
    </IslandI18n>
  );
}
