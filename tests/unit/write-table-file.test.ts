/**
 * Tables written as files (reports, grading sheets): a large CSV arrives
 * whole and in order, a reader who leaves stops the reading of rows, and an
 * XLSX keeps each column's type on every row.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeTableFile, type ColumnKind, type TableCell, type TableFormat } from '~/lib/server/spreadsheets/write-table-file';

const HEADER = ['Nombre', 'Lecciones', 'Promedio', 'Última actividad'];
const KINDS: ColumnKind[] = ['text', 'integer', 'decimal', 'datetime'];
const rowOf = (index: number): TableCell[] => [`Estudiante ${index}`, index % 40, (index % 7) + 0.5, new Date(Date.UTC(2026, 10, 1, 15, index % 60))];

/** The test table as a file, its rows read from `rows`. */
const tableFile = (format: TableFormat, rows: () => AsyncIterable<TableCell[]>) =>
  writeTableFile({ format, lang: 'es', fileName: `reporte.${format}`, sheetName: 'Reporte', header: HEADER, kinds: KINDS, rows });

async function bytesOf(body: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; pieces: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks), pieces: chunks.length };
}

describe('writeTableFile', () => {
  it('a CSV of 20,000 rows arrives whole and in order, in pieces rather than a write per row', async () => {
    const rows = 20_000;
    const file = tableFile('csv', async function* () {
      for (let index = 1; index <= rows; index++) yield rowOf(index);
    });
    const { bytes, pieces } = await bytesOf(file.body);
    const records = parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(records).toHaveLength(rows + 1);
    expect(records[0]).toEqual(HEADER);
    expect(records[1]).toEqual(['Estudiante 1', '1', '1,5', '2026-11-01 10:01']);
    expect(records[rows]![0]).toBe(`Estudiante ${rows}`);
    // ~1 MB in pieces of about 64 KiB: a few dozen writes, not 20,000.
    expect(pieces).toBeLessThan(50);
  });

  it('a CSV whose reader leaves stops reading rows', async () => {
    let read = 0;
    let closed = false;
    const file = tableFile('csv', async function* () {
      try {
        for (let index = 1; index <= 1_000_000; index++) {
          read = index;
          yield rowOf(index);
        }
      } finally {
        closed = true;
      }
    });
    const reader = file.body.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => closed).toBe(true);
    expect(read).toBeLessThan(100_000);
  });

  it('an XLSX keeps each column type on every row: numbers as numbers with their format, moments as dates', async () => {
    const file = tableFile('xlsx', async function* () {
      for (let index = 1; index <= 300; index++) yield rowOf(index);
    });
    const { bytes } = await bytesOf(file.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(301);
    for (const rowNumber of [2, 150, 301]) {
      const row = sheet.getRow(rowNumber);
      expect(row.getCell(1).value).toBe(`Estudiante ${rowNumber - 1}`);
      expect(row.getCell(2).value).toBe((rowNumber - 1) % 40);
      expect(row.getCell(2).numFmt).toBe('0');
      expect(row.getCell(3).numFmt).toBe('0.##');
      expect(row.getCell(4).value).toBeInstanceOf(Date);
      expect(row.getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm');
    }
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });
});
