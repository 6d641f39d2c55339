import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { CohortCourseRelease } from '~/lib/shared/schemas/release';
import { LoadState } from '~/islands/admin/common/LoadState';
import { useApiData } from '~/islands/admin/common/use-api-data';
import { $cohortLevels, loadCohortLevels } from './levels/levels-store';
import { ReleaseRow } from './releases/ReleaseRow';
import '~/styles/admin-cohort-content.css';

export interface CohortReleasesProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  programId: number | null;
  canRelease: boolean;
}

function Releases({ lang, cohortId, canRelease }: { lang: Language; cohortId: number; canRelease: boolean }) {
  const t = useT();
  const { state, reload, update } = useApiData<CohortCourseRelease[]>(`/api/v2/cohorts/${cohortId}/content/courses/`);
  const levelsState = useStore($cohortLevels);
  const levels = levelsState.status === 'ready' ? levelsState.levels : [];

  useEffect(() => {
    void loadCohortLevels(cohortId);
  }, [cohortId]);

  if (state.status !== 'ready') return <LoadState status={state.status} onRetry={reload} />;
  const releases = state.data;
  // A functional update: two rows may finish saving in any order.
  const replace = (changed: CohortCourseRelease) => update((current) => current.map((item) => (item.course.id === changed.course.id ? changed : item)));

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
