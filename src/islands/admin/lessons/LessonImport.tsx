import { useId, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { LESSON_IMPORT_MAX_BYTES, LESSON_IMPORT_MAX_LABEL, LESSON_IMPORT_MAX_LESSONS, type Language } from '~/lib/shared/constants';
import { formatFileSize } from '~/lib/shared/format-file-size';
import { isMarkdownFileName } from '~/lib/shared/lesson-files';
import type { LessonImportFormat, LessonImportResult } from '~/lib/shared/schemas/lesson-import';
import { notify } from '~/islands/shell/notify';
import { UploadProgress } from '~/islands/admin/common/UploadProgress';
import { ImportPreview } from './import/ImportPreview';
import { announceLessonsImported } from './lessons-imported-event';
import { importLessons } from '~/lib/client/api/lessons';
import '~/styles/admin-lesson-files.css';
import { FilePicker } from '../common/FilePicker';

export interface LessonImportProps {
  lang: Language;
  messages: Messages;
  courseId: number;
}

const SPREADSHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Not in React's typings: lets the browser pick a whole folder.
const FOLDER_PICKER = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** What the chosen files send: Markdown files of a folder (the rest stays in the browser and is listed as ignored), or the spreadsheet. */
interface Selection {
  upload: File[];
  ignored: string[];
}

const pathOf = (file: File) => file.webkitRelativePath || file.name;

function select(files: File[], format: LessonImportFormat): Selection {
  if (format === 'spreadsheet') return { upload: files.slice(0, 1), ignored: [] };
  return { upload: files.filter((file) => isMarkdownFileName(file.name)), ignored: files.filter((file) => !isMarkdownFileName(file.name)).map(pathOf) };
}

function Import({ lang, courseId }: { lang: Language; courseId: number }) {
  const t = useT();
  const id = useId();
  const [format, setFormat] = useState<LessonImportFormat>('markdown');
  const [selection, setSelection] = useState<Selection>({ upload: [], ignored: [] });
  // A new key empties the file input (after an import, or when the format changes).
  const [inputKey, setInputKey] = useState(0);
  const [preview, setPreview] = useState<LessonImportResult | null>(null);
  const [busy, setBusy] = useState<'review' | 'import' | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<{ message: string; details: string[] } | null>(null);

  function reset(nextFormat = format) {
    setFormat(nextFormat);
    setSelection({ upload: [], ignored: [] });
    setPreview(null);
    setError(null);
    setInputKey((key) => key + 1);
  }

  function choose(files: File[]) {
    setSelection(select(files, format));
    setPreview(null);
    setError(null);
  }

  async function send(dryRun: boolean): Promise<LessonImportResult | null> {
    const form = new FormData();
    form.append('format', format);
    for (const file of selection.upload) form.append('files', file, pathOf(file));
    setBusy(dryRun ? 'review' : 'import');
    setProgress(0);
    setError(null);
    try {
      return await importLessons(courseId, form, dryRun, setProgress);
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError({ message: problem.message, details: Object.values(problem.fields) });
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPreview(null);
    if (selection.upload.length === 0) {
      const message = selection.ignored.length > 0 && format === 'markdown' ? t('admin.lessonImport.noMarkdown') : t('admin.lessonImport.chooseFirst');
      return setError({ message, details: [] });
    }
    const total = selection.upload.reduce((sum, file) => sum + file.size, 0);
    if (total > LESSON_IMPORT_MAX_BYTES) {
      return setError({ message: t('admin.lessonImport.tooLarge', { size: formatFileSize(total, lang), limit: LESSON_IMPORT_MAX_LABEL }), details: [] });
    }
    const result = await send(true);
    if (result) setPreview({ ...result, ignored: [...selection.ignored, ...result.ignored] });
  }

  async function commit() {
    const result = await send(false);
    if (!result) return;
    notify({ status: 'success', message: t('admin.lessonImport.done', { count: result.lessons.length }) });
    announceLessonsImported(courseId);
    reset();
  }

  const chosen = selection.upload.length + selection.ignored.length;
  const canImport = preview !== null && preview.invalid === 0 && preview.items.length > 0;

  return (
    <form className="admin-form lesson-import" onSubmit={review} noValidate aria-label={t('admin.lessonImport.legend')} data-testid="lesson-import">
      <p className="muted">{t('admin.lessonImport.intro')}</p>
      <fieldset className="lesson-import__formats" disabled={busy !== null}>
        <legend>{t('admin.lessonImport.source')}</legend>
        {(['markdown', 'spreadsheet'] as const).map((option) => (
          <label key={option} className="lesson-import__format">
            <input type="radio" name={`${id}-format`} value={option} checked={format === option} onChange={() => reset(option)} />
            <span>{t(`admin.lessonImport.source.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="field-with-error">
        <div className="field">
          <label htmlFor={`${id}-files`}>{format === 'markdown' ? t('admin.lessonImport.folder') : t('admin.lessonImport.file')}</label>
          <FilePicker
            key={`${format}-${inputKey}`}
            id={`${id}-files`}
            disabled={busy !== null}
            aria-describedby={`${id}-hint`}
            onChange={(event) => choose(Array.from(event.target.files ?? []))}
            {...(format === 'markdown' ? { multiple: true, ...FOLDER_PICKER } : { accept: SPREADSHEET_ACCEPT })}
          />
        </div>
        <small className="muted" id={`${id}-hint`}>
          {t(`admin.lessonImport.hint.${format}`)} {t('admin.lessonImport.limits', { size: LESSON_IMPORT_MAX_LABEL, count: LESSON_IMPORT_MAX_LESSONS })}
        </small>
        {chosen > 0 && <small>{t('admin.lessonImport.selected', { count: chosen })}</small>}
      </div>
      {busy !== null && <UploadProgress share={progress} label={(percent) => t('admin.lessonImport.progress', { percent })} />}
      {error && (
        <div className="form-error" role="alert">
          <p>{error.message}</p>
          {error.details.length > 0 && (
            <ul>
              {error.details.map((detail, index) => (
                <li key={index}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview === null ? (
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={busy !== null}>
            {busy === 'review' ? t('admin.lessonImport.reviewing') : t('admin.lessonImport.review')}
          </button>
        </div>
      ) : (
        <>
          <ImportPreview items={preview.items} ignored={preview.ignored} />
          <div className="admin-actions">
            <button type="button" className="button button--primary" disabled={!canImport || busy !== null} onClick={() => void commit()}>
              {busy === 'import' ? t('admin.lessonImport.importing') : t('admin.lessonImport.import', { count: preview.items.length })}
            </button>
            <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => reset()}>
              {t('admin.common.cancel')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}

/**
 * Imports lessons into a course from a folder of Markdown files or a
 * spreadsheet: a dry run first (upload with progress, then a preview of every
 * lesson and its problems), then the real import, after which the lesson list
 * on the page reloads (announceLessonsImported).
 */
export default function LessonImport({ lang, messages, courseId }: LessonImportProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Import lang={lang} courseId={courseId} />
    </IslandI18n>
  );
}
