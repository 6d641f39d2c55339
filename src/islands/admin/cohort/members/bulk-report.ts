/** Reading the bulk assignment's per-row report (`error.fields` as `rows.<row>.<column>`). */
import type { ApiProblem } from '~/lib/client/api-problem';

/** The file's columns, in the order errors of one row are listed. */
export const BULK_COLUMNS = ['email', 'role', 'status'] as const;

export interface RowError {
  row: number;
  column: string;
  message: string;
}

const columnRank = (column: string) => {
  const index = (BULK_COLUMNS as readonly string[]).indexOf(column);
  return index < 0 ? BULK_COLUMNS.length : index;
};

/** The row errors of a failed upload, by spreadsheet row and then column; other fields are not row errors. */
export function rowErrorsOf(problem: ApiProblem): RowError[] {
  const rows: RowError[] = [];
  for (const [field, message] of Object.entries(problem.fields)) {
    const [prefix, row, column, ...rest] = field.split('.');
    if (prefix === 'rows' && column && rest.length === 0 && Number.isSafeInteger(Number(row))) rows.push({ row: Number(row), column, message });
  }
  return rows.sort((a, b) => a.row - b.row || columnRank(a.column) - columnRank(b.column));
}
