/**
 * XLSX files are opened in two steps: the zip is measured first
 * (requireSafeZip: entries, sizes, ratio), then ExcelJS parses it in a worker
 * thread with its own heap limit and a deadline (runInWorker). A workbook
 * that still outgrows them ends its thread, not the server.
 */
import { AppError } from '~/lib/shared/errors';
import { requireSafeZip, type ZipLimits } from '~/lib/server/archives/require-safe-zip';
import { log } from '~/lib/server/log';
import { runInWorker, type WorkerLimits } from '~/lib/server/workers/run-in-worker';
import type { SheetRow } from './xlsx-rows.worker';

/** What a spreadsheet may unpack to: 10 times the largest upload (5 MB), and never a zip bomb's ratio. */
export const SPREADSHEET_ZIP_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxTotalLabel: '50 MB',
  maxRatio: 100,
  ratioGraceBytes: 1024 * 1024,
};

/** The parsing thread's heap and deadline: ExcelJS needs about ten times the unpacked XML. */
export const XLSX_PARSE_LIMITS: WorkerLimits = { maxHeapMb: 768, timeoutMs: 60_000 };

const WORKER_URL = new URL('./xlsx-rows.worker.ts', import.meta.url);

/**
 * The non-blank rows of an XLSX file's first worksheet. 413/400 from the zip
 * check; 415 naming `expected` when it is no workbook; 413
 * `spreadsheet_too_complex` when parsing outgrows its thread's memory or time.
 */
export async function readXlsxRows(data: Uint8Array, expected: string, limits: WorkerLimits = XLSX_PARSE_LIMITS): Promise<SheetRow[]> {
  await requireSafeZip(data, SPREADSHEET_ZIP_LIMITS, expected);
  let rows: SheetRow[] | null;
  try {
    rows = await runInWorker<SheetRow[] | null>(WORKER_URL, data, limits);
  } catch (error) {
    log.warn({ err: error, bytes: data.byteLength }, 'spreadsheet parse stopped');
    throw new AppError('spreadsheet_too_complex');
  }
  if (!rows) throw new AppError('unsupported_media_type', { params: { expected } });
  return rows;
}
