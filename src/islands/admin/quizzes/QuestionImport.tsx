import { useId, useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { QUESTION_IMPORT_MAX_LABEL } from '~/lib/shared/quizzes';
import type { BankQuestion, QuestionImportResult } from '~/lib/shared/schemas/quizzes';
import { FilePicker } from '~/islands/admin/common/FilePicker';
import { importQuestions } from '~/lib/client/api/quizzes';
import { ErrorNotice, type DetailedError } from '~/islands/common/ErrorNotice';

const ACCEPT = '.gift,.txt,.csv,.xlsx,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Props {
  courseId: number;
  /** The questions added to the bank, to append to the quiz being edited. */
  onImported(questions: BankQuestion[]): void;
}

/**
 * Imports questions into the course's bank: GIFT or Aiken pasted as text or
 * chosen as a file, or a CSV/XLSX spreadsheet. "Check" shows each question
 * with its problems by line (nothing is written); "Import" adds them all
 * (or nothing, if any has a problem) and hands them to the editor.
 */
export function QuestionImport({ courseId, onImported }: Props) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [tags, setTags] = useState('');
  const [preview, setPreview] = useState<QuestionImportResult | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [error, setError] = useState<DetailedError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  /** What is sent: the chosen file, else the pasted text as a GIFT/Aiken file. */
  const upload = () => file ?? (text.trim() ? new File([text], 'preguntas.gift', { type: 'text/plain' }) : null);

  async function send(dryRun: boolean) {
    const chosen = upload();
    if (!chosen) {
      setError({ message: t('admin.quizzes.import.nothing'), details: [] });
      return;
    }
    setBusy(dryRun ? 'check' : 'import');
    setError(null);
    setDone(null);
    try {
      const result = await importQuestions(courseId, chosen, { dryRun, tags }, () => undefined);
      if (dryRun) setPreview(result);
      else {
        onImported(result.questions);
        setDone(t('admin.quizzes.import.done', { count: result.questions.length }));
        setPreview(null);
        setText('');
        setFile(null);
        setInputKey((key) => key + 1);
      }
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError({ message: problem.message, details: Object.entries(problem.fields).map(([field, message]) => `${field.replace(/^lines\.(\d+)\..*$/, t('admin.quizzes.import.lineLabel', { line: '$1' }))}: ${message}`) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="quiz-import">
      <p className="muted">{t('admin.quizzes.import.intro', { limit: QUESTION_IMPORT_MAX_LABEL })}</p>
      <label className="field">
        <span>{t('admin.quizzes.import.paste')}</span>
        <textarea
          rows={6}
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setPreview(null);
          }}
        />
      </label>
      <small className="muted" id={`${id}-hint`}>
        {t('admin.quizzes.import.pasteHint')}
      </small>
      <div className="field">
        <span id={`${id}-file`}>{t('admin.quizzes.import.file')}</span>
        <FilePicker
          key={inputKey}
          accept={ACCEPT}
          aria-labelledby={`${id}-file`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setPreview(null);
          }}
        />
      </div>
      <label className="field">
        <span>{t('admin.quizzes.import.tags')}</span>
        <input value={tags} placeholder={t('admin.quizzes.tagsPlaceholder')} onChange={(event) => setTags(event.target.value)} />
      </label>
      <div className="admin-actions">
        <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void send(true)}>
          {busy === 'check' ? t('admin.quizzes.import.checking') : t('admin.quizzes.import.check')}
        </button>
        <button type="button" className="button button--primary" disabled={busy !== null || (preview !== null && preview.invalid > 0)} onClick={() => void send(false)}>
          {busy === 'import' ? t('admin.quizzes.import.importing') : t('admin.quizzes.import.import')}
        </button>
      </div>
      <ErrorNotice error={error} />
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
      {preview && (
        <section className="quiz-import__preview" aria-labelledby={`${id}-preview`}>
          <h4 id={`${id}-preview`}>
            {preview.invalid > 0 ? t('admin.quizzes.import.previewInvalid', { count: preview.invalid }) : t('admin.quizzes.import.previewOk', { count: preview.items.length })}
          </h4>
          <ol className="admin-list">
            {preview.items.map((item) => {
              const problems = Object.values(item.errors);
              return (
                <li key={`${item.line}-${item.prompt}`} className={`admin-list__item${problems.length > 0 ? ' quiz-import__item--invalid' : ''}`}>
                  <div className="admin-list__main">
                    <strong>{t('admin.quizzes.import.lineLabel', { line: item.line })}</strong> · {item.type ? t(`admin.quizzes.types.${item.type}`) : t('admin.quizzes.import.unknownType')}
                    <p className="quiz-import__prompt">{item.prompt}</p>
                    {problems.map((problem) => (
                      <p key={problem} className="field__error">
                        {problem}
                      </p>
                    ))}
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </div>
  );
}
