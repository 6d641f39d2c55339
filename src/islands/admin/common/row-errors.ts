/**
 * A spreadsheet upload's per-row report (`error.fields` as
 * `rows.<row>.<column>`), shared by the imports (cohort members, people):
 * read from the API's answer, and offered back as a CSV file to fix the
 * spreadsheet by.
 */
import { readApiProblem, type ApiProblem } from '~/lib/client/api-problem';
import type { IslandTranslate } from '~/i18n/islands';
import type { Language } from '~/lib/shared/constants';

export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** The row errors of a refused file, by spreadsheet row and then by `columnOrder` (others after, by name); other fields are not row errors. */
export function rowErrorsOf(problem: ApiProblem, columnOrder: readonly string[] = []): RowError[] {
  const rank = (column: string) => {
    const index = columnOrder.indexOf(column);
    return index < 0 ? columnOrder.length : index;
  };
  const rows: RowError[] = [];
  for (const [field, message] of Object.entries(problem.fields)) {
    const [prefix, row, column, ...rest] = field.split('.');
    if (prefix === 'rows' && column && rest.length === 0 && Number.isSafeInteger(Number(row))) rows.push({ row: Number(row), column, message });
  }
  return rows.sort((a, b) => a.row - b.row || rank(a.column) - rank(b.column) || a.column.localeCompare(b.column));
}

/** What a failed upload shows: its row errors (`invalid`), or the reason (`failed`: the file as a whole, the network). */
export type UploadFailure = { kind: 'invalid'; message: string; rows: RowError[] } | { kind: 'failed'; message: string };

/** Reads why an upload failed, in the caller's language. */
export async function uploadFailureOf(failure: unknown, fallback: string, columnOrder: readonly string[] = []): Promise<UploadFailure> {
  const problem = await readApiProblem(failure, fallback);
  const rows = rowErrorsOf(problem, columnOrder);
  if (rows.length > 0) return { kind: 'invalid', message: problem.message, rows };
  return { kind: 'failed', message: [problem.message, problem.fields.file].filter(Boolean).join(' ') };
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The errors as CSV text, in the page's language: `;`-separated in Spanish
 * (as a Spanish-locale Excel opens it), `,` in English, with a BOM so Excel
 * reads the accents.
 */
export function rowErrorsCsv(lang: Language, headers: readonly [string, string, string], errors: readonly RowError[], columnLabel: (column: string) => string): string {
  const separator = lang === 'es' ? ';' : ',';
  const lines = [headers, ...errors.map((error) => [String(error.row), columnLabel(error.column), error.message])];
  return `\uFEFF${lines.map((cells) => cells.map(quote).join(separator)).join('\r\n')}\r\n`;
}

/** A column's name as the person sees it: its label under `prefix`, else the name the file used. */
export const columnLabelOf = (t: IslandTranslate, prefix: string) => (column: string) => {
  const key = `${prefix}${column}`;
  const label = t(key);
  return label === key ? column : label;
};
