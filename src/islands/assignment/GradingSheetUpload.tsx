import { useId, useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import type { GradingSheetResult } from '~/lib/shared/schemas/assignments';
import { uploadGradingSheet } from '~/lib/client/api/assignments';
import { ErrorNotice, type DetailedError } from '~/islands/common/ErrorNotice';

/**
 * Grading from the sheet: choose the filled sheet, "Check" shows what would
 * change and each row's problems (nothing written), "Apply" writes every
 * grade or none.
 */
export function GradingSheetUpload({ assignmentId, onApplied }: { assignmentId: number; onApplied(): void }) {
  const t = useT();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<GradingSheetResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DetailedError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function send(dryRun: boolean) {
    if (!file) {
      setError({ message: t('assignments.sheetUpload.choose'), details: [] });
      return;
    }
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await uploadGradingSheet(assignmentId, file, dryRun);
      if (dryRun) setPreview(result);
      else {
        setPreview(null);
        setDone(t('assignments.sheetUpload.done', { count: result.graded }));
        onApplied();
      }
    } catch (failure) {
      const problem = await readApiProblem(failure, t('assignments.grading.saveFailed'));
      setPreview(null);
      setError({
        message: problem.message,
        details: Object.entries(problem.fields).map(([field, message]) => `${field.replace(/^rows\.(\d+)\..*$/, t('assignments.sheetUpload.row', { row: '$1' }))}: ${message}`),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="grading-sheet" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('assignments.sheetUpload.title')}</h2>
      <p className="muted">{t('assignments.sheetUpload.intro')}</p>
      <label className="field">
        <span>{t('assignments.sheetUpload.file')}</span>
        <input
          type="file"
          accept=".xlsx,.csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setPreview(null);
          }}
        />
      </label>
      <div className="grading-form__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void send(true)}>
          {t('assignments.sheetUpload.check')}
        </button>
        {preview && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void send(false)}>
            {t('assignments.sheetUpload.apply', { count: preview.graded })}
          </button>
        )}
      </div>
      {preview && (
        <p role="status">{t('assignments.sheetUpload.preview', { changes: t('assignments.sheetUpload.changes', { count: preview.graded }), unchanged: t('assignments.sheetUpload.unchanged', { count: preview.unchanged }) })}</p>
      )}
      {done && <p role="status">{done}</p>}
      <ErrorNotice error={error} />
    </section>
  );
}
