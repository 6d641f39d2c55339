import { parse } from 'csv-parse/sync';
import { AppError, type ErrorCode } from '~/lib/shared/errors';
import { readXlsxRows } from './read-xlsx-rows';
import type { SheetRow } from './xlsx-rows.worker';

export type { SheetRow };

/** What readSheetRows answers besides 415, for the `errors` of the endpoints that read a spreadsheet. */
export const SPREADSHEET_ERRORS = ['archive_too_large', 'archive_unsafe', 'spreadsheet_too_complex'] as const satisfies readonly ErrorCode[];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const SPREADSHEET_TYPES = 'CSV, XLSX';

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
 * The text of a CSV file in the encoding it was written in: UTF-8 (with or
 * without a BOM), UTF-16 with its BOM (Excel's "Unicode text"), else
 * Windows-1252, which Excel in a Spanish locale writes ("CSV (delimitado por
 * comas)"): a file that is not valid UTF-8 is read that way, so "Bogotá"
 * stays "Bogotá". Null when it is no text at all.
 */
export function decodeText(data: Uint8Array): string | null {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    // Windows-1252 maps every byte; what is binary is told by control characters below.
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * Reads the rows of an uploaded spreadsheet, told apart by content: a zip
 * (`PK\x03\x04`) is read as XLSX (its first worksheet, checked and parsed
 * off the request thread: readXlsxRows), anything else as CSV text with `,`
 * or `;` in its encoding (decodeText). Blank rows are skipped but keep the
 * numbering. Neither → 415; a zip bomb → 413/400.
 */
export async function readSheetRows(data: Uint8Array): Promise<SheetRow[]> {
  if (startsWith(data, ZIP_SIGNATURE)) return readXlsxRows(data, SPREADSHEET_TYPES);
  const text = decodeText(data);
  // Control characters other than tab and line breaks mean a binary file, not text.
  if (text === null || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw notASpreadsheet();
  return parseCsv(text);
}
