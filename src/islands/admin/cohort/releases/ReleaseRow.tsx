import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import type { CohortCourseRelease } from '~/lib/shared/schemas/release';
import type { CohortLevel } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { releaseCourse, withdrawCourse } from '~/lib/client/api/cohorts';
import { formatDateTime } from '~/lib/shared/format';
import { ReleaseForm, type ReleaseChoice } from './ReleaseForm';

export type ReleaseStatus = 'published' | 'scheduled' | 'unreleased';

/** Where a course stands for the cohort's students at `now`. */
export function releaseStatusOf(releaseAt: string | null, now: number): ReleaseStatus {
  if (releaseAt === null) return 'unreleased';
  return Date.parse(releaseAt) <= now ? 'published' : 'scheduled';
}

interface Props {
  lang: Language;
  cohortId: number;
  release: CohortCourseRelease;
  levels: readonly CohortLevel[];
  canRelease: boolean;
  onChange(release: CohortCourseRelease): void;
}

type Editing = null | 'date' | 'level';

/** One course of the cohort's program: its release state and, for those who may, the actions on it. */
export function ReleaseRow({ lang, cohortId, release, levels, canRelease, onChange }: Props) {
  const t = useT();
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { course } = release;
  const name = course.name;
  const status = releaseStatusOf(release.releaseAt, Date.now());
  // A deleted level leaves no trace on the course: send and show only levels that exist.
  const level = levels.find((item) => item.id === release.levelId) ?? null;
  const save = async (choice: ReleaseChoice) => onChange(await releaseCourse(cohortId, course.id, choice));

  async function run(action: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setBusy(false);
    }
  }

  const publishNow = () =>
    run(async () => {
      await save({ levelId: level?.id ?? null });
      notify({ status: 'success', message: t('admin.releases.publishedToast', { name }) });
    });

  const withdraw = () => {
    if (!window.confirm(t('admin.releases.confirmWithdraw', { name }))) return;
    void run(async () => {
      await withdrawCourse(cohortId, course.id);
      onChange({ ...release, releaseAt: null, levelId: null });
      notify({ status: 'success', message: t('admin.releases.withdrawnToast', { name }) });
    });
  };

  async function saveChoice(choice: ReleaseChoice) {
    // Changing only the level keeps the release date as it is.
    await save(choice.releaseAt ? choice : { releaseAt: release.releaseAt ?? undefined, levelId: choice.levelId });
    setEditing(null);
    notify({ status: 'success', message: choice.releaseAt ? t('admin.releases.scheduledToast', { name, date: formatDateTime(lang, choice.releaseAt, 'long') }) : t('admin.common.saved') });
  }

  const badge =
    status === 'published' ? (
      <span className="badge">{t('admin.releases.published')}</span>
    ) : status === 'scheduled' ? (
      <span className="badge badge--scheduled">{t('admin.releases.scheduledFor', { date: formatDateTime(lang, release.releaseAt!, 'long') })}</span>
    ) : (
      <span className="badge badge--inactive">{t('admin.releases.unreleased')}</span>
    );

  return (
    <li className="admin-list__item release-row" data-testid="release-row" aria-label={name}>
      <div className="admin-list__main release-row__main">
        <strong className="release-row__name">{name}</strong>
        <span className="release-row__state">
          {badge}
          {course.status === 'INACTIVE' && <span className="badge badge--inactive">{t('admin.releases.courseInactive')}</span>}
        </span>
        {status === 'published' && <span className="muted">{t('admin.releases.publishedSince', { date: formatDateTime(lang, release.releaseAt!, 'long') })}</span>}
        {status !== 'unreleased' && level && <span className="muted">{t('admin.releases.level', { name: level.name })}</span>}
      </div>
      {canRelease && editing === null && (
        <span className="admin-actions">
          {status !== 'published' && (
            <button type="button" className="button button--primary button--small" disabled={busy} aria-label={t('admin.releases.publishNowLabel', { name })} onClick={() => void publishNow()}>
              {t('admin.releases.publishNow')}
            </button>
          )}
          {status === 'unreleased' && (
            <button type="button" className="button button--ghost button--small" disabled={busy} aria-label={t('admin.releases.scheduleLabel', { name })} onClick={() => setEditing('date')}>
              {t('admin.releases.schedule')}
            </button>
          )}
          {status === 'scheduled' && (
            <button type="button" className="button button--ghost button--small" disabled={busy} aria-label={t('admin.releases.changeDateLabel', { name })} onClick={() => setEditing('date')}>
              {t('admin.releases.changeDate')}
            </button>
          )}
          {status === 'published' && levels.length > 0 && (
            <button type="button" className="button button--ghost button--small" disabled={busy} aria-label={t('admin.releases.changeLevelLabel', { name })} onClick={() => setEditing('level')}>
              {t('admin.releases.changeLevel')}
            </button>
          )}
          {status !== 'unreleased' && (
            <button type="button" className="button button--danger button--small" disabled={busy} aria-label={t('admin.releases.withdrawLabel', { name })} onClick={withdraw}>
              {t('admin.releases.withdraw')}
            </button>
          )}
        </span>
      )}
      {canRelease && editing !== null && (
        <ReleaseForm
          withDate={editing === 'date'}
          initialReleaseAt={status === 'scheduled' ? release.releaseAt : null}
          initialLevelId={level?.id ?? null}
          levels={levels}
          submitLabel={status === 'unreleased' ? t('admin.releases.schedule') : t('admin.common.save')}
          formLabel={
            editing === 'level' ? t('admin.releases.changeLevelLabel', { name }) : status === 'unreleased' ? t('admin.releases.scheduleLabel', { name }) : t('admin.releases.changeDateLabel', { name })
          }
          onSave={saveChoice}
          onCancel={() => setEditing(null)}
        />
      )}
      {error && (
        <p className="form-error release-row__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
