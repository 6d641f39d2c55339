/**
 * What every branch of the structure tree shares: all programs (for the
 * cohort form's select and the program shown on each cohort) and all
 * cohorts, grouped by learning path when shown.
 */
import type { Cohort } from '~/lib/shared/schemas/structure';
import { withItemReplaced } from '~/islands/common/list-updates';
import { defineSharedData } from '~/islands/common/shared-data';
import { listAllCohorts, listAllPrograms } from '~/lib/client/api/structure';

export const programs = defineSharedData(listAllPrograms);
export const cohorts = defineSharedData(listAllCohorts);

/** Adds a cohort just created, or replaces one just changed. */
export function putCohort(cohort: Cohort): void {
  cohorts.update((items) => (items.some((item) => item.id === cohort.id) ? withItemReplaced(items, cohort) : [cohort, ...items]));
}
