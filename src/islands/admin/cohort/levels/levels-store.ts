/**
 * The cohort's levels, shared by the levels section (which edits them) and
 * the release scheduler (which offers them for each course), so a level
 * added or renamed in one shows at once in the other.
 */
import { atom } from 'nanostores';
import { getApi } from '~/lib/client/app-client';
import type { CohortLevel } from '~/lib/shared/schemas/structure';

export type LevelsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; levels: CohortLevel[] };

export const $cohortLevels = atom<LevelsState>({ status: 'loading' });

let loading: { cohortId: number; done: Promise<void> } | null = null;

/** Reads the cohort's levels once (both sections share one request); `force` reads them again. */
export function loadCohortLevels(cohortId: number, force = false): Promise<void> {
  if (loading && loading.cohortId === cohortId && !force) return loading.done;
  $cohortLevels.set({ status: 'loading' });
  const done = getApi()
    .get<CohortLevel[]>(`/api/v2/cohorts/${cohortId}/levels/`)
    .then(
      (levels) => $cohortLevels.set({ status: 'ready', levels }),
      () => {
        $cohortLevels.set({ status: 'error' });
        // A later call may try again.
        loading = null;
      },
    );
  loading = { cohortId, done };
  return done;
}

/** Replaces the shared list after a successful change. */
export function setCohortLevels(levels: CohortLevel[]): void {
  $cohortLevels.set({ status: 'ready', levels });
}
