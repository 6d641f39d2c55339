import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { CohortCourseRelease } from '~/lib/shared/schemas/release';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useSharedData } from '~/islands/common/shared-data';
import { useLoader } from '~/islands/common/use-loader';
import { listReleases } from '~/lib/client/api/cohorts';
import { cohortLevels } from './levels/levels-store';
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
  const loader = useLoader((signal) => listReleases(cohortId, signal), [cohortId]);
  const levelsState = useSharedData(cohortLevels(cohortId)).state;
  const levels = levelsState.status === 'ready' ? levelsState.data : [];

  if (loader.state.status !== 'ready') return <LoadStatus loader={loader} />;
  const releases = loader.state.data;
  // A functional update: two rows may finish saving in any order.
  const replace = (changed: CohortCourseRelease) => loader.update((current) => current.map((item) => (item.course.id === changed.course.id ? changed : item)));

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
