/**
 * Reads the rows of an XLSX file's first worksheet in a worker thread (see
 * read-xlsx-rows.ts and workers/run-in-worker.ts): `workerData` is the file,
 * the one message posted is the rows, or null when ExcelJS cannot read it as
 * a workbook. Self-contained on purpose: in development Node runs this file
 * as is, so it imports packages only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** One spreadsheet row: its number as the spreadsheet shows it (header = 1) and its cells as text. */
export interface SheetRow {
  rowNumber: number;
  cells: string[];
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

async function readRows(data: Uint8Array): Promise<SheetRow[] | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(row.getCell(column).text ?? '');
    if (!isBlank(cells)) rows.push({ rowNumber, cells });
  });
  return rows;
}

if (parentPort) parentPort.postMessage(await readRows(workerData as Uint8Array));
