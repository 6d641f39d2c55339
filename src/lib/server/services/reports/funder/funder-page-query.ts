/**
 * The funder report's choices as the admin pages receive them in their URL
 * (`learning_path_id`, `cohort_id`, `cutoff`, `export_format`; empty selects
 * are "all"), checked as the API checks them.
 */
import { parseRowId } from '~/lib/server/http/row-id';
import { todayInBogota } from '~/lib/shared/age-bands';
import { cutoffIssueOf } from '~/lib/shared/schemas/gradebook';

interface FunderPageQuery {
  learningPathId?: number;
  cohortId?: number;
  /** The day asked for (today in Bogotá when the URL has none). */
  cutoff: string;
  format: 'xlsx' | 'csv';
  /** The cut-off's message key when it is not a valid day (null: valid). */
  cutoffIssue: string | null;
}

/** The funder report's scope, cut-off and format from a page's query string. */
export function readFunderPageQuery(params: URLSearchParams): FunderPageQuery {
  const cutoff = params.get('cutoff') ?? todayInBogota();
  return {
    learningPathId: parseRowId(params.get('learning_path_id') ?? undefined) ?? undefined,
    cohortId: parseRowId(params.get('cohort_id') ?? undefined) ?? undefined,
    cutoff,
    format: params.get('export_format') === 'csv' ? 'csv' : 'xlsx',
    cutoffIssue: cutoffIssueOf(cutoff),
  };
}
