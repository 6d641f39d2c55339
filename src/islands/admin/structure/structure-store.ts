/**
 * What every branch of the structure tree needs: all programs (for the cohort
 * form's select and the program shown on each cohort) and all cohorts, grouped
 * by learning path when shown (the cohorts API has no per-path filter).
 */
import { atom, type WritableAtom } from 'nanostores';
import type { Program } from '~/lib/shared/schemas/content';
import type { Cohort } from '~/lib/shared/schemas/structure';
import { fetchAllPages } from '~/islands/admin/common/use-paged-list';

export type Lookup<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: T[] };

export const $programs = atom<Lookup<Program>>({ status: 'loading' });
export const $cohorts = atom<Lookup<Cohort>>({ status: 'loading' });

async function loadInto<T>(store: WritableAtom<Lookup<T>>, route: string): Promise<void> {
  store.set({ status: 'loading' });
  try {
    store.set({ status: 'ready', items: await fetchAllPages<T>(route) });
  } catch {
    store.set({ status: 'error' });
  }
}

/** Reads every program and every cohort (again, when called again). */
export async function loadStructureLookups(): Promise<void> {
  await Promise.all([loadInto($programs, '/api/v2/programs/'), loadInto($cohorts, '/api/v2/cohorts/')]);
}

/** Adds a cohort just created, or replaces one just changed. */
export function putCohort(cohort: Cohort): void {
  const current = $cohorts.get();
  if (current.status !== 'ready') return;
  const known = current.items.some((item) => item.id === cohort.id);
  $cohorts.set({ status: 'ready', items: known ? current.items.map((item) => (item.id === cohort.id ? cohort : item)) : [cohort, ...current.items] });
}
