/**
 * The cohort's levels, shared by the levels section (which edits them) and
 * the release scheduler (which offers them for each course), so a level
 * added or renamed in one shows at once in the other.
 */
import type { CohortLevel } from '~/lib/shared/schemas/structure';
import { defineSharedData, type SharedData } from '~/islands/common/shared-data';
import { listLevels } from '~/lib/client/api/cohorts';

const byCohort = new Map<number, SharedData<CohortLevel[]>>();

/** The levels of one cohort (one shared read per cohort). */
export function cohortLevels(cohortId: number): SharedData<CohortLevel[]> {
  let shared = byCohort.get(cohortId);
  if (!shared) {
    shared = defineSharedData((signal) => listLevels(cohortId, signal));
    byCohort.set(cohortId, shared);
  }
  return shared;
}
