/**
 * The funder report as a file that depends only on its figures (ADR 031):
 * the same cut-off and data give the same bytes. XLSX: fixed sheet and row
 * order and number formats, the workbook's dates set to the cut-off, and the
 * zip re-packed with every entry dated the cut-off (ExcelJS stamps them with
 * the time of writing). CSV: the sections one after another, each under its
 * title, with the conventions of the other reports (BOM, `;` and decimal
 * commas in Spanish).
 */
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Language } from '~/lib/shared/constants';
import { fileNameOf } from '~/lib/shared/file-name-of';
import { getT } from '~/i18n';
import type { TableFormat } from '~/lib/server/spreadsheets/write-table-file';
import type { FunderCell, FunderColumnKind, FunderSection } from './build-funder-sections';
import type { FunderReport } from './get-funder-report';

interface FunderFile {
  fileName: string;
  contentType: string;
  data: Uint8Array<ArrayBuffer>;
}

const NUMBER_FORMATS: Record<FunderColumnKind, string | undefined> = { text: undefined, integer: '0', decimal: '0.0#' };
const WIDTHS: Record<FunderColumnKind, number> = { text: 36, integer: 14, decimal: 14 };
/** Excel's limit on a sheet's name, and the characters it refuses in one. */
const SHEET_NAME_MAX = 31;
const sheetNameOf = (name: string) => name.replace(/[\\/*?:[\]]/g, ' ').slice(0, SHEET_NAME_MAX);

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, return) is written as text. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The cut-off's noon in UTC: the same calendar day wherever the file is opened. */
const cutoffMoment = (cutoff: string) => new Date(`${cutoff}T12:00:00Z`);

async function writeXlsx(report: FunderReport): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const moment = cutoffMoment(report.cutoff);
  workbook.creator = 'Senda';
  workbook.lastModifiedBy = 'Senda';
  workbook.created = moment;
  workbook.modified = moment;
  const sheets = new Map<string, ExcelJS.Worksheet>();
  for (const section of report.sections) {
    let sheet = sheets.get(section.sheet);
    if (!sheet) {
      sheet = workbook.addWorksheet(sheetNameOf(section.sheet));
      sheet.columns = section.kinds.map((kind) => ({ width: WIDTHS[kind] }));
      sheets.set(section.sheet, sheet);
    } else sheet.addRow([]);
    sheet.addRow([defused(section.title)]).font = { bold: true, size: 12 };
    sheet.addRow(section.header.map(defused)).font = { bold: true };
    for (const cells of section.rows) {
      const row = sheet.addRow(cells.map((cell) => (typeof cell === 'string' ? defused(cell) : cell)));
      section.kinds.forEach((kind, index) => {
        const format = NUMBER_FORMATS[kind];
        if (format) row.getCell(index + 1).numFmt = format;
        // "<5" sits right-aligned among the numbers it stands for.
        if (kind !== 'text') row.getCell(index + 1).alignment = { horizontal: 'right' };
      });
    }
  }
  // Stored, not compressed: the re-pack below compresses each entry once (compressing twice cost a second for 20,000 students).
  const written = await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } } as Partial<ExcelJS.XlsxWriteOptions>);
  return repackZip(Buffer.from(written as ArrayBuffer), moment);
}

/** The zip's entries again, in the same order, each dated `date` (no trace of when it was written). */
async function repackZip(bytes: Buffer, date: Date): Promise<Uint8Array<ArrayBuffer>> {
  const source = await JSZip.loadAsync(bytes);
  const target = new JSZip();
  for (const entry of Object.values(source.files)) {
    if (entry.dir) continue;
    target.file(entry.name, await entry.async('uint8array'), { date, createFolders: false });
  }
  const packed = await target.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 }, platform: 'DOS' });
  return new Uint8Array(packed);
}

function csvCell(cell: FunderCell, lang: Language): string | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return lang === 'es' ? String(cell).replace('.', ',') : String(cell);
  return defused(cell);
}

function writeCsv(report: FunderReport): Uint8Array<ArrayBuffer> {
  const lines: (string | null)[][] = [];
  report.sections.forEach((section: FunderSection, index) => {
    if (index > 0) lines.push([]);
    lines.push([defused(section.title)], section.header.map(defused), ...section.rows.map((cells) => cells.map((cell) => csvCell(cell, report.lang))));
  });
  const text = stringify(lines, { delimiter: report.lang === 'es' ? ';' : ',', bom: true, record_delimiter: 'windows' });
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

/** The report as an XLSX or CSV file named after the report and its cut-off ("informe-financiador-corte-2026-11-25.xlsx"). */
export async function writeFunderFile(report: FunderReport, format: TableFormat): Promise<FunderFile> {
  const t = getT(report.lang);
  const fileName = fileNameOf(`${t('reports.file.funder')} ${report.cutoff}`, format, `informe-${report.cutoff}`);
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', data: writeCsv(report) };
  return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx(report) };
}
