import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { requireSafeZip, type ZipLimits } from '~/lib/server/archives/require-safe-zip';
import { readXlsxRows, SPREADSHEET_ZIP_LIMITS } from '~/lib/server/spreadsheets/read-xlsx-rows';
import { readSheetRows } from '~/lib/server/spreadsheets/read-sheet-rows';
import { AppError } from '~/lib/shared/errors';
import { buildXlsxBomb, buildZip } from '../support/zip-bomb';

const EXPECTED = 'XLSX';
const MEGABYTE = 1024 * 1024;

async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; status: number; params: Record<string, unknown> }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  return { code: appError.code, status: appError.status, params: appError.params };
}

async function workbookOf(rows: string[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Miembros');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

// Building and inflating bombs takes a few seconds on a busy machine.
describe('requireSafeZip: a zip is measured before anything parses it', { timeout: 30_000 }, () => {
  it('passes a real workbook, which then reads as rows', async () => {
    const data = await workbookOf([['email', 'role'], ['ana@senda.test', 'tutor']]);
    await expect(requireSafeZip(data, SPREADSHEET_ZIP_LIMITS, EXPECTED)).resolves.toBeUndefined();
    expect(await readSheetRows(data)).toEqual([
      { rowNumber: 1, cells: ['email', 'role'] },
      { rowNumber: 2, cells: ['ana@senda.test', 'tutor'] },
    ]);
  });

  it('refuses a workbook that inflates past 50 MB with 413, naming the limit', async () => {
    const bomb = await buildXlsxBomb({ inflatedMegabytes: 200 });
    expect(bomb.byteLength).toBeLessThan(MEGABYTE);
    expect(await refusalOf(requireSafeZip(bomb, SPREADSHEET_ZIP_LIMITS, EXPECTED))).toEqual({ code: 'archive_too_large', status: 413, params: { limit: '50 MB' } });
  });

  it('does not trust declared sizes: an entry that inflates past what it declares is refused as unsafe', async () => {
    const bomb = await buildXlsxBomb({ inflatedMegabytes: 200, lie: true });
    expect((await refusalOf(requireSafeZip(bomb, SPREADSHEET_ZIP_LIMITS, EXPECTED))).code).toBe('archive_unsafe');
  });

  it('stops inflating the moment the limit is passed: a corrupt tail beyond the limit is never reached', async () => {
    const zip = await buildZip([{ name: 'xl/worksheets/sheet1.xml', chunk: new Uint8Array(MEGABYTE), times: 60 }]);
    // The last compressed bytes produce the last megabytes, far past the 50 MB limit.
    zip.fill(0xff, zip.byteLength - 22 - 46 - 24 - 200, zip.byteLength - 22 - 46 - 24);
    const limits: ZipLimits = { ...SPREADSHEET_ZIP_LIMITS, maxRatio: 1_000_000 };
    expect((await refusalOf(requireSafeZip(zip, limits, EXPECTED))).code).toBe('archive_too_large');
  });

  it('refuses a compression ratio no spreadsheet has, even under the size limits', async () => {
    const zip = await buildZip([{ name: 'xl/sharedStrings.xml', chunk: 'a'.repeat(MEGABYTE), times: 20 }]);
    expect((await refusalOf(requireSafeZip(zip, SPREADSHEET_ZIP_LIMITS, EXPECTED))).code).toBe('archive_unsafe');
  });

  it('refuses too many entries before inflating any', async () => {
    const zip = await buildZip(Array.from({ length: 501 }, (_, index) => ({ name: `parte-${index}.xml`, data: '<a/>' })));
    expect((await refusalOf(requireSafeZip(zip, SPREADSHEET_ZIP_LIMITS, EXPECTED))).code).toBe('archive_unsafe');
  });

  it('answers 415 for a file that only starts like a zip', async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await refusalOf(requireSafeZip(broken, SPREADSHEET_ZIP_LIMITS, EXPECTED))).toEqual({ code: 'unsupported_media_type', status: 415, params: { expected: EXPECTED } });
  });
});

describe('readXlsxRows: parsing happens in a worker thread with its own memory limit', () => {
  it('a workbook that outgrows the thread ends that thread with 413, and the next workbook reads normally', async () => {
    const large = await workbookOf(Array.from({ length: 20_000 }, (_, index) => [`persona${index}@senda.test`, 'estudiante', `Nombre ${index}`, `Apellido ${index}`]));
    expect((await refusalOf(readXlsxRows(large, EXPECTED, { maxHeapMb: 24, timeoutMs: 60_000 }))).code).toBe('spreadsheet_too_complex');
    const small = await workbookOf([['email'], ['ana@senda.test']]);
    expect(await readXlsxRows(small, EXPECTED)).toEqual([
      { rowNumber: 1, cells: ['email'] },
      { rowNumber: 2, cells: ['ana@senda.test'] },
    ]);
  }, 60_000);

  it('a zip that is not a workbook is a 415, not a crash', async () => {
    const zip = await buildZip([{ name: 'notas.txt', data: 'hola' }]);
    expect((await refusalOf(readXlsxRows(zip, EXPECTED))).code).toBe('unsupported_media_type');
  });
});
