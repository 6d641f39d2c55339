/**
 * A table (a header and rows read as they come) as a file to download: CSV
 * (UTF-8 with a BOM, `;` and decimal commas in Spanish, as a Spanish-locale
 * Excel opens it) or XLSX through ExcelJS's streaming writer. Rows are
 * written as they are produced, so a large export never sits in memory
 * whole. Cells a spreadsheet would run as a formula are written as text.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Language } from '~/lib/shared/constants';
import { log } from '~/lib/server/log';

export type TableCell = string | number | null;
export type TableFormat = 'csv' | 'xlsx';

export interface TableFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, return) is written as text. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function csvLine(cells: readonly TableCell[], separator: string, lang: Language): string {
  return `${cells
    .map((cell) => {
      if (cell === null) return '';
      const text = typeof cell === 'number' ? (lang === 'es' ? String(cell).replace('.', ',') : String(cell)) : defused(cell);
      return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(separator)}\r\n`;
}

/** A file name made of a title (letters, digits and dashes), or `fallback`. */
export const fileNameOf = (title: string, format: TableFormat, fallback: string) =>
  `${
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
      .slice(0, 60) || fallback
  }.${format}`;

/** Streams `header` and `rows` as CSV or XLSX (one sheet named `sheetName`). */
export function writeTableFile(options: { format: TableFormat; lang: Language; fileName: string; sheetName: string; header: readonly string[]; rows: () => AsyncIterable<TableCell[]> }): TableFile {
  const { format, lang, fileName, header, rows } = options;
  if (format === 'csv') {
    const separator = lang === 'es' ? ';' : ',';
    const encoder = new TextEncoder();
    async function* csv(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(`\uFEFF${csvLine(header, separator, lang)}`);
      for await (const row of rows()) yield encoder.encode(csvLine(row, separator, lang));
    }
    return { fileName, contentType: 'text/csv; charset=utf-8', body: Readable.toWeb(Readable.from(csv())) as ReadableStream<Uint8Array> };
  }
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  void (async () => {
    const sheet = workbook.addWorksheet(options.sheetName);
    sheet.addRow([...header]).commit();
    for await (const row of rows()) sheet.addRow(row.map((cell) => (typeof cell === 'string' ? defused(cell) : cell))).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error, fileName, event: 'table_export_failed' }, 'an export failed while streaming');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Readable.toWeb(output) as ReadableStream<Uint8Array> };
}
