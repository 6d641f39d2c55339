import { parse } from 'csv-parse/sync';
import { AppError, type ErrorCode } from '~/lib/shared/errors';
import { readXlsxRows } from './read-xlsx-rows';
import type { SheetRow } from './xlsx-rows.worker';

export type { SheetRow };

/** What readSheetRows answers besides 415, for the `errors` of the endpoints that read a spreadsheet. */
export const SPREADSHEET_ERRORS = ['archive_too_large', 'archive_unsafe', 'spreadsheet_too_complex'] as const satisfies readonly ErrorCode[];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const SPREADSHEET_TYPES = 'CSV (UTF-8), XLSX';

const notASpreadsheet = () => new AppError('unsupported_media_type', { params: { expected: SPREADSHEET_TYPES } });
const startsWith = (data: Uint8Array, signature: number[]) => signature.every((byte, index) => data[index] === byte);
const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** The first line's separator: `;` when it has more of them than `,` (a Spanish-locale Excel export). */
function detectSeparator(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * RFC 4180 records (csv-parse): quoted fields may hold separators, doubled
 * quotes and line breaks. Rows are numbered by record, not by line, so a
 * cell spanning several lines is one row, as a spreadsheet shows it; blank
 * rows are left out but keep their number. Stray quotes inside a field are
 * kept as text, as spreadsheets write them.
 */
function parseCsv(text: string): SheetRow[] {
  let records: { record: string[]; info: { records: number } }[];
  try {
    // With `info`, each record comes with its position (csv-parse's types do not follow the option).
    records = parse(text, { delimiter: detectSeparator(text), relax_quotes: true, relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as typeof records;
  } catch {
    throw notASpreadsheet();
  }
  return records.filter(({ record }) => !isBlank(record)).map(({ record, info }) => ({ rowNumber: info.records, cells: record }));
}

/**
 * Reads the rows of an uploaded spreadsheet, told apart by content: a zip
 * (`PK\x03\x04`) is read as XLSX (its first worksheet, checked and parsed
 * off the request thread: readXlsxRows), anything else must be UTF-8 text
 * (BOM optional) and is read as CSV with `,` or `;`. Blank rows are skipped
 * but keep the numbering. Neither → 415; a zip bomb → 413/400.
 */
export async function readSheetRows(data: Uint8Array): Promise<SheetRow[]> {
  if (startsWith(data, ZIP_SIGNATURE)) return readXlsxRows(data, SPREADSHEET_TYPES);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw notASpreadsheet();
  }
  // Control characters other than tab and line breaks mean a binary file, not text.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw notASpreadsheet();
  return parseCsv(text);
}
