/**
 * A quiz's results as a file for its staff: CSV (UTF-8 with a BOM, `;` and
 * decimal commas in Spanish, as a Spanish-locale Excel opens it) or XLSX
 * through ExcelJS's streaming writer. Attempts are read in batches by id and
 * written as they come, so a quiz with tens of thousands of attempts never
 * sits in memory whole.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { ExportFormat } from '~/lib/shared/schemas/quizzes';
import type { Translate } from '~/i18n';
import { attemptVisibleIn, requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findQuizWithAccess, getAttemptScope } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { quizAttempts, users } from '~/lib/server/db/schema';
import { fileNameOf } from '~/lib/shared/file-name-of';
import { writeTableFile, type TableCell, type TableFile } from '~/lib/server/spreadsheets/write-table-file';
import { closeOverdueAttempts } from './close-attempts';

const BATCH = 1000;

/**
 * The results of a quiz (the staff's scope: their cohorts' students, or one
 * cohort) as CSV or XLSX, streamed. Attempts past their deadline are closed
 * first. Managers of the course.
 */
export async function exportResults(caller: Caller, quizId: number, options: { format: ExportFormat; cohort?: number; lang: Language; t: Translate }): Promise<TableFile> {
  const { definition, course, access } = await findQuizWithAccess(caller, quizId);
  requireManageContent(access, course.status);
  const scope = await getAttemptScope(caller, access);
  await closeOverdueAttempts({ quizId });
  const { t, lang } = options;
  const header = ['student', 'email', 'attempt', 'status', 'startedAt', 'completedAt', 'closedBy', 'score', 'maxScore', 'percent', 'passed', 'pending'].map((key) => t(`quiz.export.${key}`));
  const yesNo = (value: boolean | null) => (value === null ? null : t(value ? 'quiz.export.yes' : 'quiz.export.no'));

  async function* rows(): AsyncGenerator<TableCell[]> {
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

  return writeTableFile({ format: options.format, lang, fileName: fileNameOf(definition.quiz.title, options.format, 'resultados'), sheetName: t('quiz.export.sheet'), header, rows });
}
