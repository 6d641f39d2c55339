/**
 * The grading sheet: an XLSX of an assignment's students (their latest
 * submission, the current score and feedback) that a tutor fills in a
 * spreadsheet and uploads back. The upload is read by the safe reader
 * (measured before parsing, parsed off the request thread: ADR 007); the
 * dry run answers what would change with every row's problems; the real
 * one writes all the grades or none.
 */
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { formatDateTime } from '~/lib/shared/format';
import { GRADES_BULK_MAX } from '~/lib/shared/assignments';
import type { GradingSheetResult } from '~/lib/shared/schemas/assignments';
import { fileNameOf } from '~/lib/shared/file-name-of';
import type { Translate } from '~/i18n';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { submissions } from '~/lib/server/db/schema';
import { normalizeHeaderName } from '~/lib/server/spreadsheets/header-name';
import { readSheetRows } from '~/lib/server/spreadsheets/read-sheet-rows';
import { checkGrades, writeGrades } from './grade-submissions';
import { readRoster, studentLabelOf } from './roster';
import { isAnonymousRow } from './submissions';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheet's columns, in order; their headers are in the caller's language, read back in either. */
const COLUMNS = ['submissionId', 'student', 'email', 'state', 'submittedAt', 'lateDays', 'penalty', 'score', 'feedback'] as const;
type Column = (typeof COLUMNS)[number];

/** Header names the upload recognises for the columns it reads (normalized: lower case, no accents, `_`). */
const HEADER_NAMES: Partial<Record<Column, readonly string[]>> = {
  submissionId: ['id_de_entrega', 'id_entrega', 'entrega', 'submission_id', 'submission', 'id'],
  score: ['calificacion', 'nota', 'puntaje', 'score', 'grade'],
  feedback: ['comentarios', 'comentario', 'retroalimentacion', 'feedback', 'comments'],
  student: ['estudiante', 'student'],
};

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, return) is written as text. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The grading sheet of an assignment (its graders' students, or one cohort's), as XLSX bytes. */
export async function buildGradingSheet(caller: Caller, assignmentId: number, options: { cohort?: number; lang: Language; t: Translate }): Promise<{ fileName: string; contentType: string; data: Uint8Array<ArrayBuffer> }> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const scope = await getStudentWorkScope(caller, access);
  const anonymous = isAnonymousRow(assignment);
  const { rows } = await readRoster({ assignmentId, programId: course.programId, anonymous, scope, cohortId: options.cohort, sort: 'name' });
  const db = await getDb();
  const ids = rows.flatMap((row) => (row.submissionId ? [row.submissionId] : []));
  const feedbackRows = ids.length ? await db.select({ id: submissions.id, feedback: submissions.feedback }).from(submissions).where(inArray(submissions.id, ids)) : [];
  const feedbackOf = new Map(feedbackRows.map((row) => [row.id, row.feedback ?? '']));
  const { t, lang } = options;

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('assignments.sheet.name'));
  sheet.columns = COLUMNS.map((column) => ({ header: t(`assignments.sheet.${column}`), key: column, width: column === 'feedback' ? 60 : column === 'student' || column === 'email' ? 32 : 16 }));
  for (const row of rows) {
    sheet.addRow({
      submissionId: row.submissionId ?? '',
      student: defused(studentLabelOf(row, t)),
      email: anonymous || !row.student ? '' : defused(row.student.email),
      state: t(`assignments.state.${row.state}`),
      submittedAt: row.submittedAt ? formatDateTime(lang, row.submittedAt) : '',
      lateDays: row.lateDays || '',
      penalty: row.penaltyPercent || '',
      score: row.rawScore ?? '',
      feedback: row.submissionId ? defused(feedbackOf.get(row.submissionId) ?? '') : '',
    });
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = workbook.addWorksheet(t('assignments.sheet.notesName'));
  notes.getColumn(1).width = 100;
  for (const line of [t('assignments.sheet.notesTitle', { title: assignment.title }), t('assignments.sheet.notesScore', { max: assignment.maxScore }), t('assignments.sheet.notesFeedback'), t('assignments.sheet.notesMissing')]) {
    notes.addRow([line]);
  }
  const data = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { fileName: fileNameOf(assignment.title, 'xlsx', 'tarea', { suffix: '-calificaciones', maxLength: 50 }), contentType: XLSX_TYPE, data };
}

/** A score as a person writes it in a sheet: "4.5", "4,5", a number cell. Null when it is no number. */
function parseScore(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '');
  if (!/^-?\d+([.,]\d+)?$/.test(clean)) return null;
  return Number(clean.replace(',', '.'));
}

/** The columns the upload found by header: where the submission id, score, feedback and student are. */
function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const name = normalizeHeaderName(cell);
    for (const [column, names] of Object.entries(HEADER_NAMES) as [Column, readonly string[]][]) {
      if (found[column] === undefined && names.includes(name)) found[column] = index;
    }
  });
  return found;
}

/**
 * Reads a filled grading sheet for an assignment (CSV or XLSX, Spanish or
 * English headers) and, unless `dryRun`, writes its grades, all or none.
 * Rows without a score are left alone; a row's problems come back as
 * `rows.<row>.<field>` with 400 grading_sheet_invalid.
 */
export async function applyGradingSheet(caller: Caller, assignmentId: number, file: { data: Uint8Array }, options: { dryRun: boolean }): Promise<GradingSheetResult> {
  const { course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const [header, ...rows] = await readSheetRows(file.data);
  const columns = header ? columnsOf(header.cells) : {};
  if (columns.submissionId === undefined || columns.score === undefined) {
    throw new AppError('grading_sheet_invalid', { params: { count: 1 }, fields: { file: 'validation.gradingSheet.columns' } });
  }
  if (rows.length > GRADES_BULK_MAX) throw new AppError('validation_failed', { fields: { file: { key: 'validation.gradingSheet.tooMany', params: { count: GRADES_BULK_MAX } } } });

  const problems: FieldErrors = {};
  const wanted: { row: number; submissionId: number; score: number; feedback: string; label: string }[] = [];
  const cell = (cells: string[], column: Column) => (columns[column] === undefined ? '' : (cells[columns[column]!] ?? '').trim());
  for (const { rowNumber, cells } of rows) {
    const idText = cell(cells, 'submissionId');
    const scoreText = cell(cells, 'score');
    const feedback = cell(cells, 'feedback').replace(/^'(?=[=+\-@])/, '');
    if (!scoreText && !feedback) continue;
    const submissionId = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
    if (submissionId === null) {
      problems[`rows.${rowNumber}.submissionId`] = idText ? 'validation.gradingSheet.badId' : 'validation.gradingSheet.noSubmission';
      continue;
    }
    const score = parseScore(scoreText);
    if (!scoreText) {
      problems[`rows.${rowNumber}.score`] = 'validation.gradingSheet.scoreNeeded';
      continue;
    }
    if (score === null || score < 0) {
      problems[`rows.${rowNumber}.score`] = score === null ? 'validation.numeric' : { key: 'validation.number.min', params: { count: 0 } };
      continue;
    }
    if (feedback.length > 10_000) {
      problems[`rows.${rowNumber}.feedback`] = { key: 'validation.length.max', params: { count: 10_000 } };
      continue;
    }
    wanted.push({ row: rowNumber, submissionId, score, feedback, label: cell(cells, 'student') });
  }

  // Every submission must be one of this assignment's that the caller grades.
  const db = await getDb();
  const ofThis = wanted.length
    ? new Set((await db.select({ id: submissions.id }).from(submissions).where(and(eq(submissions.assignmentId, assignmentId), inArray(submissions.id, wanted.map((item) => item.submissionId))))).map((row) => row.id))
    : new Set<number>();
  const { grades, problems: gradeProblems } = await checkGrades(caller, wanted);
  for (const problem of gradeProblems) problems[`rows.${wanted[problem.index]!.row}.${problem.field}`] = problem.problem;
  for (const item of wanted) if (!ofThis.has(item.submissionId)) problems[`rows.${item.row}.submissionId`] = 'validation.assignments.unknownSubmission';
  if (Object.keys(problems).length) throw new AppError('grading_sheet_invalid', { params: { count: Object.keys(problems).length }, fields: problems });

  const current = new Map(
    (grades.length ? await db.select({ id: submissions.id, score: submissions.score, feedback: submissions.feedback }).from(submissions).where(inArray(submissions.id, grades.map((grade) => grade.submissionId))) : []).map(
      (row) => [row.id, row],
    ),
  );
  const isUnchanged = (grade: (typeof grades)[number]) => current.get(grade.submissionId)?.score === grade.score && (current.get(grade.submissionId)?.feedback ?? '') === grade.feedback;
  const changed = grades.filter((grade) => !isUnchanged(grade));
  if (!options.dryRun && changed.length) await db.transaction((tx) => writeGrades(tx, caller.id, changed));
  return {
    dryRun: options.dryRun,
    total: wanted.length,
    graded: changed.length,
    unchanged: grades.length - changed.length,
    rows: wanted.map((item, index) => ({
      row: item.row,
      submissionId: item.submissionId,
      label: item.label || `#${item.submissionId}`,
      score: item.score,
      feedback: item.feedback,
      change: isUnchanged(grades[index]!) ? ('unchanged' as const) : ('grade' as const),
    })),
  };
}
