/** The users import's row errors: read from the API's answer, and offered as a CSV file to fix the spreadsheet by. */
import type { ApiProblem } from '~/lib/client/api-problem';
import type { IslandTranslate } from '~/i18n/islands';
import type { Language } from '~/lib/shared/constants';

export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** The row errors of a refused file, by row; other fields are not row errors. */
export function rowErrorsOf(problem: ApiProblem): RowError[] {
  const rows: RowError[] = [];
  for (const [field, message] of Object.entries(problem.fields)) {
    const [prefix, row, column, ...rest] = field.split('.');
    if (prefix === 'rows' && column && rest.length === 0 && Number.isSafeInteger(Number(row))) rows.push({ row: Number(row), column, message });
  }
  return rows.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
}

/** A column's name as the person sees it. */
export const columnLabel = (t: IslandTranslate, column: string) => {
  const label = t(`people.import.column.${column}`);
  return label === `people.import.column.${column}` ? column : label;
};

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The errors as CSV text, in the page's language: `;`-separated in Spanish
 * (as a Spanish-locale Excel opens it), `,` in English, with a BOM so Excel
 * reads the accents.
 */
export function errorsCsv(t: IslandTranslate, lang: Language, errors: readonly RowError[]): string {
  const separator = lang === 'es' ? ';' : ',';
  const lines = [[t('people.import.row'), t('people.import.column'), t('people.import.problem')], ...errors.map((error) => [String(error.row), columnLabel(t, error.column), error.message])];
  return `\uFEFF${lines.map((cells) => cells.map(quote).join(separator)).join('\r\n')}\r\n`;
}
