import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { IslandI18n, useT } from '../../../i18n/islands';
import type { Messages } from '../../../i18n/options';
import { getApi } from '../../../lib/client/app-client';
import type { Language } from '../../../lib/shared/constants';
import type { CohortCourseRelease } from '../../../lib/shared/schemas/release';
import { $cohortLevels, loadCohortLevels } from './levels/levels-store';
import { ReleaseRow } from './releases/ReleaseRow';
import '../../../styles/admin-cohort-content.css';

export interface CohortReleasesProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  programId: number | null;
  canRelease: boolean;
}

type Courses = { status: 'loading' } | { status: 'error' } | { status: 'ready'; releases: CohortCourseRelease[] };

function Releases({ lang, cohortId, canRelease }: { lang: Language; cohortId: number; canRelease: boolean }) {
  const t = useT();
  const [courses, setCourses] = useState<Courses>({ status: 'loading' });
  const levelsState = useStore($cohortLevels);
  const levels = levelsState.status === 'ready' ? levelsState.levels : [];

  const load = useCallback(() => {
    setCourses({ status: 'loading' });
    getApi()
      .get<CohortCourseRelease[]>(`/api/v2/cohorts/${cohortId}/content/courses/`)
      .then(
        (releases) => setCourses({ status: 'ready', releases }),
        () => setCourses({ status: 'error' }),
      );
  }, [cohortId]);

  useEffect(() => {
    load();
    void loadCohortLevels(cohortId);
  }, [cohortId, load]);

  if (courses.status === 'loading') return <p aria-busy="true">{t('admin.common.loading')}</p>;
  if (courses.status === 'error') {
    return (
      <div role="alert">
        <p className="form-error">{t('admin.common.loadError')}</p>
        <button type="button" className="button button--ghost button--small" onClick={load}>
          {t('admin.common.retry')}
        </button>
      </div>
    );
  }
  const { releases } = courses;
  // Functional update: two rows may finish saving in any order.
  const replace = (changed: CohortCourseRelease) =>
    setCourses((current) =>
      current.status === 'ready' ? { status: 'ready', releases: current.releases.map((item) => (item.course.id === changed.course.id ? changed : item)) } : current,
    );

  return (
    <div className="cohort-content">
      <p className="muted">{t('admin.releases.intro')}</p>
      {!canRelease && <p className="muted">{t('admin.releases.readOnly')}</p>}
      {releases.length === 0 ? (
        <p className="empty">{t('admin.releases.noCourses')}</p>
      ) : (
        <ul className="admin-list" aria-label={t('admin.releases.listLabel')} data-testid="cohort-releases">
          {releases.map((release) => (
            <ReleaseRow key={release.course.id} lang={lang} cohortId={cohortId} release={release} levels={levels} canRelease={canRelease} onChange={replace} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The release scheduler: each course of the cohort's program, published now, at a date (Bogotá time) or not at all. */
export default function CohortReleases({ lang, messages, cohortId, programId, canRelease }: CohortReleasesProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      {programId === null ? <NoProgram /> : <Releases lang={lang} cohortId={cohortId} canRelease={canRelease} />}
    </IslandI18n>
  );
}

function NoProgram() {
  const t = useT();
  return <p className="empty">{t('admin.releases.noProgram')}</p>;
}
