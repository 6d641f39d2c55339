/**
 * Imports questions into a course's bank from a GIFT or Aiken text file or a
 * spreadsheet: every question is checked by the same rules as the editor's
 * (QuestionInputSchema), the preview (`dryRun`) lists each one with its
 * problems, and a real import is all or nothing.
 */
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { QUESTION_IMPORT_MAX_QUESTIONS, type QuestionImportFormat } from '~/lib/shared/quizzes';
import { QuestionInputSchema, type QuestionImportBody, type QuestionImportItem, type QuestionInput } from '~/lib/shared/schemas/quizzes';
import { fieldErrorsOf } from '~/lib/shared/validation';
import type { Translate } from '~/i18n';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { bankQuestions } from '~/lib/server/db/schema';
import { inArray } from 'drizzle-orm';
import { toBankQuestions } from '../question-bank';
import { writeQuestions } from '../write-questions';
import type { QuestionDraft, TrueFalseLabels } from './question-draft';
import { readAiken } from './read-aiken';
import { readGift } from './read-gift';
import { readQuestionSheet } from './read-question-sheet';
import type { QuestionImportResult } from '~/lib/shared/schemas/quizzes';

/** A question of the report, its problems as i18n keys (the endpoint answers them in the caller's language). */
export type QuestionImportReportItem = Omit<QuestionImportItem, 'errors'> & { errors: FieldErrors };
export type QuestionImportReport = Omit<QuestionImportResult, 'items'> & { items: QuestionImportReportItem[] };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** The format the file says it is: a zip or .csv/.xlsx is a spreadsheet; a text with `ANSWER:` lines and no GIFT braces is Aiken; anything else GIFT. */
function detectFormat(file: { name: string; data: Uint8Array }): QuestionImportFormat {
  if (ZIP_SIGNATURE.every((byte, index) => file.data[index] === byte) || /\.(csv|xlsx)$/i.test(file.name)) return 'spreadsheet';
  const text = new TextDecoder().decode(file.data.subarray(0, 64 * 1024));
  return /^ANSWER\s*:/im.test(text) && !/[{}]/.test(text) ? 'aiken' : 'gift';
}

/** The file as UTF-8 text; anything else → 415. */
function textOf(data: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw new Error('binary');
    return text;
  } catch {
    throw new AppError('unsupported_media_type', { params: { expected: 'GIFT, Aiken (UTF-8), CSV, XLSX' } });
  }
}

async function readDrafts(file: { name: string; data: Uint8Array }, format: QuestionImportFormat, labels: TrueFalseLabels): Promise<QuestionDraft[]> {
  if (format === 'spreadsheet') return readQuestionSheet(file.data, labels);
  const text = textOf(file.data);
  return format === 'aiken' ? readAiken(text) : readGift(text, labels);
}

/** Checks a draft by the editor's rules, collecting every problem. */
function checkDraft(draft: QuestionDraft, extraTags: string[]): { item: QuestionImportReportItem; question: QuestionInput | null } {
  const tags = [...new Set([...((draft.input.tags as string[] | undefined) ?? []), ...extraTags])];
  const parsed = QuestionInputSchema.safeParse({ ...draft.input, ...(tags.length > 0 && { tags }) });
  const errors: FieldErrors = { ...draft.problems };
  // A question the reader could not make out (no type at all) is reported by the reader alone.
  const unreadable = draft.input.type === undefined && Object.keys(draft.problems).length > 0;
  if (!parsed.success && !unreadable) for (const [field, problem] of Object.entries(fieldErrorsOf(parsed.error.issues))) errors[field] ??= problem;
  const input = draft.input as { type?: QuestionImportItem['type']; prompt?: unknown; points?: unknown };
  const item: QuestionImportReportItem = {
    line: draft.line,
    type: input.type ?? null,
    prompt: typeof input.prompt === 'string' ? input.prompt : '',
    points: parsed.success ? parsed.data.points : typeof input.points === 'number' ? input.points : null,
    tags,
    errors,
  };
  return { item, question: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null };
}

/** The refusal report: every problem as `lines.<line>.<field>` (a spreadsheet's row numbers are its lines). */
function reportOf(items: QuestionImportReportItem[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const item of items) for (const [field, problem] of Object.entries(item.errors)) fields[`lines.${item.line}.${field}`] = problem;
  return fields;
}

/**
 * Adds the questions of a GIFT, Aiken or spreadsheet file to a course's bank
 * (managers of the course). `tags` (comma-separated) go on every question.
 * All or nothing: any question with a problem → 400 question_import_invalid
 * with a report per line, nothing written; `dryRun` answers the preview.
 */
export async function importQuestions(caller: Caller, courseId: number, input: QuestionImportBody, options: { dryRun: boolean; t: Translate }): Promise<QuestionImportReport> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const format = input.format ?? detectFormat(input.file);
  const drafts = await readDrafts(input.file, format, { true: options.t('quiz.trueOption'), false: options.t('quiz.falseOption') });
  if (drafts.length === 0) throw new AppError('validation_failed', { fields: { file: 'validation.questionImport.empty' } });
  if (drafts.length > QUESTION_IMPORT_MAX_QUESTIONS) throw new AppError('question_import_too_many', { params: { count: drafts.length, limit: QUESTION_IMPORT_MAX_QUESTIONS } });
  const extraTags = (input.tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const checked = drafts.map((draft) => checkDraft(draft, extraTags));
  const items = checked.map(({ item }) => item);
  const invalid = checked.filter(({ question }) => question === null).length;
  if (options.dryRun) return { dryRun: true, format, items, invalid, questions: [] };
  if (invalid > 0) throw new AppError('question_import_invalid', { params: { count: invalid }, fields: reportOf(items) });
  const db = await getDb();
  const ids = await db.transaction((tx) => writeQuestions(tx, courseId, checked.map(({ question }) => question!)));
  const rows = await db
    .select({ id: bankQuestions.id, tags: bankQuestions.tags, status: bankQuestions.status, currentVersionId: bankQuestions.currentVersionId })
    .from(bankQuestions)
    .where(inArray(bankQuestions.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { dryRun: false, format, items, invalid: 0, questions: await toBankQuestions(courseId, ids.map((id) => byId.get(id)!)) };
}
