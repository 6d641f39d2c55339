import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { overrideCourseGrade } from '~/lib/client/api/gradebook';
import { GRADE_SCALE_MAX } from '~/lib/shared/gradebook';
import type { GradebookRow } from '~/lib/shared/schemas/gradebook';

interface Props {
  cohortId: number;
  courseId: number;
  row: GradebookRow;
  onSaved(row: GradebookRow, cleared: boolean): void;
  onClose(): void;
}

/** "3,5" or "3.5" as a grade on 0.0–5.0; null when it is not one. */
const parseGrade = (text: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= GRADE_SCALE_MAX ? value : null;
};

/**
 * Overrides a student's course grade with a reason (or removes the override):
 * a small dialog over the gradebook; Escape or Cancel closes it, the
 * server's refusal shows in its words.
 */
export function OverrideDialog({ cohortId, courseId, row, onSaved, onClose }: Props) {
  const t = useT();
  const titleId = useId();
  const gradeId = useId();
  const reasonId = useId();
  const gradeRef = useRef<HTMLInputElement>(null);
  const name = `${row.firstName} ${row.lastName}`;
  const [grade, setGrade] = useState(row.override ? String(row.override.grade) : '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ grade?: string; reason?: string; form?: string }>({});
  const computed = row.override ? row.override.computedGrade : row.courseGrade;

  useEffect(() => gradeRef.current?.focus(), []);

  async function save(clear: boolean) {
    const value = clear ? null : parseGrade(grade);
    const problems = {
      grade: !clear && value === null ? t('gradebook.override.gradeInvalid') : undefined,
      reason: reason.trim() === '' ? t('gradebook.override.reasonRequired') : undefined,
    };
    setErrors(problems);
    if (problems.grade || problems.reason) return;
    setBusy(true);
    try {
      const result = await overrideCourseGrade(cohortId, row.userId, courseId, value, reason.trim());
      onSaved(result.row, clear);
    } catch (failure) {
      const problem = await readApiProblem(failure, t('gradebook.override.failed'));
      setErrors({ form: problem.message, grade: problem.fields.grade, reason: problem.fields.reason });
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  return (
    <div
      className="override-dialog"
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <h2 id={titleId}>{t('gradebook.override.title', { name })}</h2>
        <p className="muted">{t('gradebook.override.current', { grade: computed === null ? t('gradebook.book.noGrade') : computed.toFixed(1) })}</p>
        <label htmlFor={gradeId}>{t('gradebook.override.grade')}</label>
        <input
          id={gradeId}
          ref={gradeRef}
          name="grade"
          inputMode="decimal"
          autoComplete="off"
          value={grade}
          onChange={(event) => setGrade(event.target.value)}
          aria-invalid={errors.grade ? true : undefined}
          aria-describedby={errors.grade ? `${gradeId}-error` : undefined}
        />
        {errors.grade && (
          <small id={`${gradeId}-error`} className="field__error">
            {errors.grade}
          </small>
        )}
        <label htmlFor={reasonId}>{t('gradebook.override.reason')}</label>
        <textarea
          id={reasonId}
          name="reason"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
        />
        {errors.reason && (
          <small id={`${reasonId}-error`} className="field__error">
            {errors.reason}
          </small>
        )}
        {errors.form && (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="override-dialog__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('gradebook.override.saving') : t('gradebook.override.save')}
          </button>
          {row.override && (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void save(true)}>
              {t('gradebook.override.clear')}
            </button>
          )}
          <button type="button" className="button button--ghost" disabled={busy} onClick={onClose}>
            {t('gradebook.override.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
