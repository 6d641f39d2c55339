import { AppError } from '~/lib/shared/errors';
import { readSheetRows, type SheetRow } from '~/lib/server/spreadsheets/read-sheet-rows';
import { fieldNamed, type ImportField, type LessonDraft } from './lesson-draft';

/** Which cell index holds each field; a sheet without a title column is refused as a whole. */
function locateColumns(header: SheetRow): Partial<Record<ImportField, number>> {
  const located: Partial<Record<ImportField, number>> = {};
  header.cells.forEach((name, index) => {
    const field = fieldNamed(name);
    if (field && located[field] === undefined) located[field] = index;
  });
  if (located.title === undefined) throw new AppError('validation_failed', { fields: { files: 'validation.lessonImport.titleColumn' } });
  return located;
}

/**
 * The lessons of a spreadsheet (CSV or XLSX, read by readSheetRows): one per
 * row, columns title/título, section/sección, content/contenido (Markdown)
 * and video, in any order and case. Neither CSV nor XLSX → 415.
 */
export async function readLessonSheet(data: Uint8Array): Promise<LessonDraft[]> {
  const [header, ...rows] = await readSheetRows(data);
  if (!header || rows.length === 0) throw new AppError('validation_failed', { fields: { files: 'validation.lessonImport.emptySheet' } });
  const columns = locateColumns(header);
  const cellOf = (row: SheetRow, field: ImportField) => (columns[field] === undefined ? '' : (row.cells[columns[field]] ?? ''));
  return rows.map((row) => ({
    file: null,
    row: row.rowNumber,
    title: cellOf(row, 'title').trim(),
    section: cellOf(row, 'section').trim(),
    contentMd: cellOf(row, 'contentMd').replace(/\r\n?/g, '\n').trim(),
    videoUrl: cellOf(row, 'videoUrl').trim() || null,
    problems: {},
  }));
}
