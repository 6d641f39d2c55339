/**
 * The gradebook as a spreadsheet (`reports/?type=gradebook&cohort_id=&course_id=`):
 * the rows of getGradebook, cell for cell, so the file and the endpoint
 * show the same numbers. One cohort's course is at most some thousands of
 * rows, so it is always streamed (never built by the job engine).
 */
import type { Language } from '~/lib/shared/constants';
import { getT } from '~/i18n';
import type { Caller } from '~/lib/server/access/permissions';
import { fileNameOf, writeTableFile, type ColumnKind, type TableCell, type TableFile, type TableFormat } from '~/lib/server/spreadsheets/write-table-file';
import { computeGradesForStaff, gradebookOf, requireGradedCourse } from './gradebook';

/** A course's gradebook in a cohort as CSV or XLSX (the gradebook's readers: tutors, cohort admins, admins). */
export async function writeGradebookReport(caller: Caller, options: { cohortId: number; courseId: number; format: TableFormat; lang: Language }): Promise<TableFile> {
  const t = getT(options.lang);
  const grades = await computeGradesForStaff(caller, options.cohortId);
  const gradebook = gradebookOf(grades, requireGradedCourse(grades, options.courseId), t);
  const header = [
    t('reports.column.lastName'),
    t('reports.column.firstName'),
    t('reports.column.email'),
    ...gradebook.items.map((item) => t('gradebook.column.item', { title: item.title })),
    ...gradebook.categories.map((category) => t('gradebook.column.category', { name: category.name, weight: category.weight })),
    t('gradebook.column.coursePercent'),
    t('gradebook.column.courseGrade'),
    t('gradebook.column.overridden'),
    t('gradebook.column.completion'),
    t('gradebook.column.attendance'),
    t('gradebook.column.state'),
    t('gradebook.column.missing'),
  ];
  const kinds: ColumnKind[] = [
    'text',
    'text',
    'text',
    ...gradebook.items.map((): ColumnKind => 'decimal'),
    ...gradebook.categories.map((): ColumnKind => 'decimal'),
    'decimal',
    'decimal',
    'text',
    'decimal',
    'decimal',
    'text',
    'text',
  ];
  async function* rows(): AsyncGenerator<TableCell[]> {
    for (const row of gradebook.rows) {
      yield [
        row.lastName,
        row.firstName,
        row.email,
        ...row.items.map((item) => item.percent),
        ...row.categories.map((category) => category.averagePercent),
        row.coursePercent,
        row.courseGrade,
        t(row.override ? 'reports.value.yes' : 'reports.value.no'),
        row.completionPercent,
        row.attendancePercent,
        t(`gradebook.state.${row.approval.state}`),
        row.approval.line,
      ];
    }
  }
  const day = new Date(Date.now() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return writeTableFile({
    format: options.format,
    lang: options.lang,
    fileName: fileNameOf(`${t('gradebook.file')} ${day}`, options.format, `calificaciones-${day}`),
    sheetName: t('gradebook.sheet'),
    header,
    kinds,
    rows,
  });
}
