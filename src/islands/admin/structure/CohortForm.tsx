import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Cohort } from '~/lib/shared/schemas/structure';
import { FieldWithErrorInLabel } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';
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

  return (
    <form className="admin-form admin-form--card" aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <p className="admin-form__title">{label}</p>
      <FieldWithErrorInLabel label={t('admin.common.name')} error={fields.name}>
        {(aria) => <input name="name" value={name} required maxLength={200} autoFocus {...aria} onChange={(event) => setName(event.target.value)} />}
      </FieldWithErrorInLabel>
      <FieldWithErrorInLabel label={t('admin.structure.program')} error={fields.programId}>
        {(aria) => (
          <select name="programId" value={programId} {...aria} onChange={(event) => setProgramId(event.target.value)}>
            <option value="">{t('admin.structure.noProgram')}</option>
            {choices.map((program) => (
              <option key={program.id} value={program.id}>
                {program.status === 'ACTIVE' ? program.name : t('admin.structure.archivedProgram', { name: program.name })}
              </option>
            ))}
          </select>
        )}
      </FieldWithErrorInLabel>
      <div className="structure-form__dates">
        <FieldWithErrorInLabel label={t('admin.structure.startsOn')} error={fields.startsOn}>
          {(aria) => <input type="date" name="startsOn" value={startsOn} {...aria} onChange={(event) => setStartsOn(event.target.value)} />}
        </FieldWithErrorInLabel>
        <FieldWithErrorInLabel label={t('admin.structure.endsOn')} error={fields.endsOn}>
          {(aria) => <input type="date" name="endsOn" value={endsOn} {...aria} onChange={(event) => setEndsOn(event.target.value)} />}
        </FieldWithErrorInLabel>
      </div>
      <FormError message={error} />
      <div className="admin-actions">
        <FormButtons busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
      </div>
    </form>
  );
}
