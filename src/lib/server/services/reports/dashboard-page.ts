/** What a dashboard page reads: its filters from the URL, the figures and the choices of the filter form. */
import { z } from 'zod';
import { isAppError } from '~/lib/shared/errors';
import { IdSchema } from '~/lib/shared/schemas/common';
import type { Caller } from '~/lib/server/access/permissions';
import { getDashboardFigures, listScopeChoices, type DashboardFigures, type ScopeChoices } from './dashboard';
import type { ReportFilters } from './write-report';

const FiltersSchema = z.object({ learning_path_id: IdSchema.optional().catch(undefined), cohort_id: IdSchema.optional().catch(undefined) });

export interface DashboardPage {
  figures: DashboardFigures;
  choices: ScopeChoices;
  filters: ReportFilters;
}

/** Reads `learning_path_id` and `cohort_id` from the URL (anything unknown or outside the caller's cohorts is dropped) and the figures. */
export async function readDashboardPage(caller: Caller, params: URLSearchParams): Promise<DashboardPage | null> {
  const parsed = FiltersSchema.parse({ learning_path_id: params.get('learning_path_id') || undefined, cohort_id: params.get('cohort_id') || undefined });
  let filters: ReportFilters = { learningPathId: parsed.learning_path_id, cohortId: parsed.cohort_id };
  const choices = await listScopeChoices(caller).catch((error: unknown) => (isAppError(error) ? null : Promise.reject(error)));
  if (!choices) return null;
  const figures = await getDashboardFigures(caller, filters).catch(async (error: unknown) => {
    if (!isAppError(error) || error.code !== 'not_found') throw error;
    filters = {};
    return getDashboardFigures(caller, filters);
  });
  return { figures, choices, filters };
}
