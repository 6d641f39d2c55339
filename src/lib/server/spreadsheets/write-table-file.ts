/**
 * A table (a header and rows read as they come) as a file to download: CSV
 * (csv-stringify; UTF-8 with a BOM, `;` and decimal commas in Spanish, as a
 * Spanish-locale Excel opens it) or XLSX through ExcelJS's streaming writer.
 * Rows are written as they are produced, so a large export never sits in
 * memory whole. The first row (the header) is frozen and bold; typed
 * columns keep their type (numbers as numbers, dates as dates in Bogotá
 * time). Cells a spreadsheet would run as a formula are written as text.
 * The XLSX zip is deflated at level 1: most of its cost is compression, and
 * repetitive sheet XML shrinks almost as much as at the default level.
 */
import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Language } from '~/lib/shared/constants';
import { log } from '~/lib/server/log';

export type TableCell = string | number | Date | null;
export type TableFormat = 'csv' | 'xlsx';
/** What a column holds: text (the default), whole or decimal numbers, a day, or a moment (both shown in Bogotá time). */
export type ColumnKind = 'text' | 'integer' | 'decimal' | 'date' | 'datetime';

export interface TableFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** Colombia keeps UTC−5 all year (no daylight saving time). */
const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;
const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = { text: undefined, integer: '0', decimal: '0.##', date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm' };
const CELL_STYLES = Object.fromEntries(
  Object.entries(NUMBER_FORMATS).map(([kind, numFmt]) => [kind, numFmt ? { numFmt } : {}]),
) as Record<ColumnKind, Partial<ExcelJS.Style>>;
/** Rows written between two looks at whether the file's reader keeps up. */
const ROWS_BETWEEN_DRAIN_CHECKS = 200;
const WIDTHS: Record<ColumnKind, number> = { text: 24, integer: 10, decimal: 12, date: 12, datetime: 17 };

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, return) is written as text. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A moment as Bogotá's wall clock, as a date without a zone (what a spreadsheet cell holds). */
const bogotaWallClock = (date: Date) => new Date(date.getTime() + BOGOTA_OFFSET_MS);

/** A moment as Bogotá's wall clock in text: `2026-11-25 08:30` (or the day alone), read as a date by spreadsheets in any locale. */
function bogotaText(date: Date, kind: ColumnKind): string {
  const iso = bogotaWallClock(date).toISOString();
  return kind === 'date' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** CSV leaves in pieces of about this many bytes (not a row at a time: each piece is a write, and a compression step, on the way out). */
const CSV_PIECE_BYTES = 64 * 1024;

/** Joins small chunks into pieces of about `size` bytes. */
function piecesOf(size: number): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  const release = (stream: Transform) => {
    if (heldBytes > 0) stream.push(held.length === 1 ? held[0] : Buffer.concat(held, heldBytes));
    held = [];
    heldBytes = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= size) release(this);
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}

/** Resolves when the stream can take more, or is closed. */
const roomIn = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/** Table files are named the one way downloads are (lib/shared/file-name-of.ts). */
export { fileNameOf } from '~/lib/shared/file-name-of';

function csvRows(rows: () => AsyncIterable<TableCell[]>, header: readonly string[], kinds: readonly ColumnKind[], lang: Language): AsyncIterable<(string | number | null)[]> {
  return (async function* () {
    yield header.map(defused);
    for await (const row of rows()) {
      yield row.map((cell, index) => {
        if (cell === null) return null;
        if (cell instanceof Date) return bogotaText(cell, kinds[index] ?? 'datetime');
        if (typeof cell === 'number') return lang === 'es' ? String(cell).replace('.', ',') : String(cell);
        return defused(cell);
      });
    }
  })();
}

/**
 * Streams `header` and `rows` as CSV or XLSX (one sheet named `sheetName`);
 * `kinds` says what each column holds (text when left out).
 */
export function writeTableFile(options: {
  format: TableFormat;
  lang: Language;
  fileName: string;
  sheetName: string;
  header: readonly string[];
  kinds?: readonly ColumnKind[];
  rows: () => AsyncIterable<TableCell[]>;
}): TableFile {
  const { format, lang, fileName, header, rows } = options;
  const kinds = header.map((_, index) => options.kinds?.[index] ?? 'text');
  if (format === 'csv') {
    const csv = stringify({ delimiter: lang === 'es' ? ';' : ',', bom: true, record_delimiter: 'windows' });
    const pieces = piecesOf(CSV_PIECE_BYTES);
    // A failure ends the download with an error; a reader that goes away stops the reading of rows.
    pipeline(Readable.from(csvRows(rows, header, kinds, lang)), csv, pieces, (error) => {
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        log.error({ err: error, fileName, event: 'table_export_failed' }, 'an export failed while streaming');
      }
    });
    return { fileName, contentType: 'text/csv; charset=utf-8', body: Readable.toWeb(pieces) as ReadableStream<Uint8Array> };
  }
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  void (async () => {
    const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    sheet.columns = kinds.map((kind, index) => ({ key: `c${index}`, width: Math.max(WIDTHS[kind], Math.min(40, header[index]!.length + 2)) }));
    const head = sheet.addRow(header.map(defused));
    head.font = { bold: true };
    head.commit();
    // One style object per column kind, shared by every cell: ExcelJS remembers a style object's id, while a
    // column's style would be copied into a new object per cell and serialised again for each (a third of the time).
    const styles = kinds.map((kind) => CELL_STYLES[kind]);
    let written = 0;
    for await (const row of rows()) {
      const added = sheet.addRow(row.map((cell) => (typeof cell === 'string' ? defused(cell) : cell instanceof Date ? bogotaWallClock(cell) : cell)));
      for (let index = 0; index < styles.length; index++) added.getCell(index + 1).style = styles[index]!;
      added.commit();
      // ExcelJS buffers whatever it is given: wait while the reader is behind, so rows are not read faster than they leave.
      if (++written % ROWS_BETWEEN_DRAIN_CHECKS === 0 && output.writableNeedDrain) {
        await roomIn(output);
        // The reader went away: stop reading rows.
        if (output.destroyed) return;
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error, fileName, event: 'table_export_failed' }, 'an export failed while streaming');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Readable.toWeb(output) as ReadableStream<Uint8Array> };
}
