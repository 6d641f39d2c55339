import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '../../../i18n/islands';
import { readApiProblem } from '../../../lib/client/api-problem';
import type { Cohort } from '../../../lib/shared/schemas/structure';
import { $programs } from './structure-store';

export interface CohortValues {
  name: string;
  programId: number | null;
  startsOn: string | null;
  endsOn: string | null;
}

interface Props {
  label: string;
  initial?: Cohort;
  submitLabel: string;
  /** Saves; rejects with the API failure, shown next to the fields. */
  onSubmit(values: CohortValues): Promise<void>;
  onCancel(): void;
}

/** A cohort's name, program (a select of the programs) and dates. */
export function CohortForm({ label, initial, submitLabel, onSubmit, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const programs = useStore($programs);
  const [name, setName] = useState(initial?.name ?? '');
  const [programId, setProgramId] = useState(initial?.programId ? String(initial.programId) : '');
  const [startsOn, setStartsOn] = useState(initial?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(initial?.endsOn ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  // Archived programs are offered only to the cohort that already follows one.
  const choices = programs.status === 'ready' ? programs.items.filter((program) => program.status === 'ACTIVE' || String(program.id) === programId) : [];

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('admin.common.required');
    if (startsOn && endsOn && endsOn < startsOn) problems.endsOn = t('admin.structure.endsBeforeStarts');
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: name.trim(), programId: programId ? Number(programId) : null, startsOn: startsOn || null, endsOn: endsOn || null });
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError(problem.message);
      setFields(problem.fields);
    } finally {
      setBusy(false);
    }
  }

  const fieldClass = (field: string) => `field${fields[field] ? ' field--invalid' : ''}`;
  const describedBy = (field: string) => (fields[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: string) =>
    fields[field] && (
      <span className="field__error" id={`${id}-${field}-error`}>
        {fields[field]}
      </span>
    );

  return (
    <form className="admin-form admin-form--card" aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <p className="admin-form__title">{label}</p>
      <label className={fieldClass('name')}>
        <span>{t('admin.common.name')}</span>
        <input name="name" value={name} required maxLength={200} autoFocus aria-invalid={fields.name ? true : undefined} aria-describedby={describedBy('name')} onChange={(event) => setName(event.target.value)} />
        {fieldError('name')}
      </label>
      <label className={fieldClass('programId')}>
        <span>{t('admin.structure.program')}</span>
        <select name="programId" value={programId} aria-invalid={fields.programId ? true : undefined} aria-describedby={describedBy('programId')} onChange={(event) => setProgramId(event.target.value)}>
          <option value="">{t('admin.structure.noProgram')}</option>
          {choices.map((program) => (
            <option key={program.id} value={program.id}>
              {program.status === 'ACTIVE' ? program.name : t('admin.structure.archivedProgram', { name: program.name })}
            </option>
          ))}
        </select>
        {fieldError('programId')}
      </label>
      <div className="structure-form__dates">
        <label className={fieldClass('startsOn')}>
          <span>{t('admin.structure.startsOn')}</span>
          <input type="date" name="startsOn" value={startsOn} aria-invalid={fields.startsOn ? true : undefined} aria-describedby={describedBy('startsOn')} onChange={(event) => setStartsOn(event.target.value)} />
          {fieldError('startsOn')}
        </label>
        <label className={fieldClass('endsOn')}>
          <span>{t('admin.structure.endsOn')}</span>
          <input type="date" name="endsOn" value={endsOn} aria-invalid={fields.endsOn ? true : undefined} aria-describedby={describedBy('endsOn')} onChange={(event) => setEndsOn(event.target.value)} />
          {fieldError('endsOn')}
        </label>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {busy ? t('admin.common.saving') : submitLabel}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </form>
  );
}
