import { LESSON_IMPORT_MAX_LESSONS } from '~/lib/shared/constants';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { BulkLessonSchema, type BulkLesson } from '~/lib/shared/schemas/content';
import { isMarkdownFileName, isSpreadsheetFileName } from '~/lib/shared/lesson-files';
import type { LessonImportBody, LessonImportFormat, LessonImportItem, LessonImportResult } from '~/lib/shared/schemas/lesson-import';

/** A lesson of the report, its problems as i18n keys (the endpoint answers them in the caller's language). */
export type LessonImportReportItem = Omit<LessonImportItem, 'errors'> & { errors: FieldErrors };
export type LessonImportReport = Omit<LessonImportResult, 'items'> & { items: LessonImportReportItem[] };
import type { UploadedFile } from '~/lib/shared/schemas/uploads';
import { fieldErrorsOf } from '~/lib/shared/validation';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findCourseWithAccess } from '~/lib/server/access/loaders';
import { createLessonsInBulk } from '~/lib/server/services/content/lesson-positions';
import { canPlayVideo } from '~/lib/server/services/content/lessons';
import type { LessonDraft } from './lesson-draft';
import { readLessonSheet } from './read-lesson-sheet';
import { readMarkdownLesson } from './read-markdown-lesson';

/** File order as people number them: "2-…" before "10-…". */
const byFileName = new Intl.Collator('es', { numeric: true }).compare;

/** The lessons of the upload, in order, and the files left aside. */
async function readDrafts(files: UploadedFile[], format: LessonImportFormat): Promise<{ drafts: LessonDraft[]; ignored: string[] }> {
  if (format === 'spreadsheet') {
    if (files.length !== 1) throw new AppError('validation_failed', { fields: { files: 'validation.lessonImport.oneSheet' } });
    return { drafts: await readLessonSheet(files[0]!.data), ignored: [] };
  }
  const sorted = [...files].sort((a, b) => byFileName(a.name, b.name));
  const drafts = sorted.filter((file) => isMarkdownFileName(file.name)).map(readMarkdownLesson);
  if (drafts.length === 0) throw new AppError('validation_failed', { fields: { files: 'validation.lessonImport.noMarkdown' } });
  return { drafts, ignored: sorted.filter((file) => !isMarkdownFileName(file.name)).map((file) => file.name) };
}

/**
 * Checks a draft by the bulk create's rules (title, lengths, link, a video the
 * lesson page can play: canPlayVideo), collecting every problem of every
 * lesson for the report instead of stopping at the first.
 */
function checkDraft(draft: LessonDraft): { item: LessonImportReportItem; lesson: BulkLesson | null } {
  const parsed = BulkLessonSchema.safeParse({ title: draft.title, section: draft.section, contentMd: draft.contentMd, videoUrl: draft.videoUrl });
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  for (const [field, key] of Object.entries(draft.problems)) errors[field] ??= key;
  if (!errors.videoUrl && !canPlayVideo(draft.videoUrl)) errors.videoUrl = 'validation.lessonImport.video';
  const item: LessonImportReportItem = {
    file: draft.file,
    row: draft.row,
    title: draft.title.trim(),
    section: draft.section.trim(),
    videoUrl: draft.videoUrl,
    contentLength: draft.contentMd.length,
    errors,
  };
  return { item, lesson: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null };
}

/** The refusal report: every problem as `rows.<row>.<field>` or `files.<file>.<field>`. */
function reportOf(items: LessonImportReportItem[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const item of items) {
    const source = item.row !== null ? `rows.${item.row}` : `files.${item.file}`;
    for (const [field, problem] of Object.entries(item.errors)) fields[`${source}.${field}`] = problem;
  }
  return fields;
}

/**
 * Appends lessons to a course from an upload (managers of the course's
 * content): a folder of Markdown files (one lesson each, in file-name order;
 * other files ignored and listed) or one CSV/XLSX spreadsheet (one lesson per
 * row). All or nothing: any lesson with a problem → 400 `lesson_import_invalid`
 * with a report per file or row, nothing written. `dryRun` answers the
 * preview (every lesson with its problems, as i18n keys) and writes nothing.
 */
export async function importLessons(
  caller: Caller,
  courseId: number,
  input: Pick<LessonImportBody, 'files' | 'format'>,
  options: { dryRun: boolean },
): Promise<LessonImportReport> {
  const { course, access } = await findCourseWithAccess(caller, courseId);
  requireManageContent(access, course.status);
  const format = input.format ?? (input.files.length === 1 && isSpreadsheetFileName(input.files[0]!.name) ? 'spreadsheet' : 'markdown');
  const { drafts, ignored } = await readDrafts(input.files, format);
  if (drafts.length > LESSON_IMPORT_MAX_LESSONS) throw new AppError('lesson_import_too_many', { params: { count: drafts.length, limit: LESSON_IMPORT_MAX_LESSONS } });

  const checked = drafts.map((draft) => checkDraft(draft));
  const items = checked.map(({ item }) => item);
  const invalid = checked.filter(({ lesson }) => lesson === null).length;
  if (options.dryRun) return { dryRun: true, format, items, invalid, ignored, lessons: [] };
  if (invalid > 0) throw new AppError('lesson_import_invalid', { params: { count: invalid }, fields: reportOf(items) });
  const lessons = await createLessonsInBulk(
    caller,
    courseId,
    checked.map(({ lesson }) => lesson!),
  );
  return { dryRun: false, format, items, invalid: 0, ignored, lessons };
}
