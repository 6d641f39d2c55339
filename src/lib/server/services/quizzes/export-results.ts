/**
 * A quiz's results as a file for its staff: CSV (UTF-8 with a BOM, `;` and
 * decimal commas in Spanish, as a Spanish-locale Excel opens it) or XLSX
 * through ExcelJS's streaming writer. Attempts are read in batches by id and
 * written as they come, so a quiz with tens of thousands of attempts never
 * sits in memory whole.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { ExportFormat } from '~/lib/shared/schemas/quizzes';
import type { Translate } from '~/i18n';
import { attemptVisibleIn, requireManageContent, type Caller } from '~/lib/server/auth/permissions';
import { findQuizWithAccess, getAttemptScope } from '~/lib/server/auth/access';
import { getDb } from '~/lib/server/db/client';
import { quizAttempts, users } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { closeOverdueAttempts } from './close-attempts';

const BATCH = 1000;

export interface ResultsFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

type Cell = string | number | null;

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, return) is written as text. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function csvLine(cells: readonly Cell[], separator: string, lang: Language): string {
  return `${cells
    .map((cell) => {
      if (cell === null) return '';
      const text = typeof cell === 'number' ? (lang === 'es' ? String(cell).replace('.', ',') : String(cell)) : defused(cell);
      return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(separator)}\r\n`;
}

/** A file name made of the quiz's title (letters, digits and dashes). */
const fileNameOf = (title: string, format: ExportFormat) =>
  `${
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'resultados'
  }.${format}`;

/**
 * The results of a quiz (the staff's scope: their cohorts' students, or one
 * cohort) as CSV or XLSX, streamed. Attempts past their deadline are closed
 * first. Managers of the course.
 */
export async function exportResults(caller: Caller, quizId: number, options: { format: ExportFormat; cohort?: number; lang: Language; t: Translate }): Promise<ResultsFile> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireManageContent(access, course.status);
  const scope = await getAttemptScope(caller, access);
  await closeOverdueAttempts({ quizId });
  const { t, lang } = options;
  const header = ['student', 'email', 'attempt', 'status', 'startedAt', 'completedAt', 'closedBy', 'score', 'maxScore', 'percent', 'passed', 'pending'].map((key) => t(`quiz.export.${key}`));
  const yesNo = (value: boolean | null) => (value === null ? null : t(value ? 'quiz.export.yes' : 'quiz.export.no'));

  async function* rows(): AsyncGenerator<Cell[]> {
    const db = await getDb();
    let after = 0;
    for (;;) {
      const batch = await db
        .select({ attempt: quizAttempts, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(quizAttempts)
        .innerJoin(users, eq(users.id, quizAttempts.userId))
        .where(and(eq(quizAttempts.quizId, quizId), gt(quizAttempts.id, after), attemptVisibleIn(scope, quizAttempts.userId, options.cohort)))
        .orderBy(asc(quizAttempts.id))
        .limit(BATCH);
      for (const { attempt, firstName, lastName, email } of batch) {
        yield [
          `${lastName}, ${firstName}`,
          email,
          attempt.number,
          t(`quiz.status.${attempt.status}`),
          formatDateTime(lang, attempt.startedAt),
          attempt.completedAt ? formatDateTime(lang, attempt.completedAt) : null,
          attempt.closedBy ? t(`quiz.closedBy.${attempt.closedBy}`) : null,
          attempt.score,
          attempt.maxScore,
          attempt.percent,
          yesNo(attempt.passed),
          yesNo(attempt.pendingManualGrading),
        ];
      }
      if (batch.length < BATCH) return;
      after = batch.at(-1)!.attempt.id;
    }
  }

  const fileName = fileNameOf(definition.quiz.title, options.format);
  if (options.format === 'csv') {
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
    const sheet = workbook.addWorksheet(t('quiz.export.sheet'));
    sheet.addRow(header).commit();
    for await (const row of rows()) sheet.addRow(row.map((cell) => (typeof cell === 'string' ? defused(cell) : cell))).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error, quizId, event: 'quiz_export_failed' }, 'the results export failed while streaming');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Readable.toWeb(output) as ReadableStream<Uint8Array> };
}
