import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { CardForm, NameField } from '~/islands/admin/common/CardForm';
import type { Cohort } from '~/lib/shared/schemas/structure';
import { FieldWithErrorInLabel } from '~/islands/admin/common/FieldWithError';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useSharedData } from '~/islands/common/shared-data';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { programs as sharedPrograms } from './structure-store';

const FIELDS = ['name', 'programId', 'startsOn', 'endsOn'] as const;

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
  const programs = useSharedData(sharedPrograms).state;
  const [name, setName] = useState(initial?.name ?? '');
  const [programId, setProgramId] = useState(initial?.programId ? String(initial.programId) : '');
  const [startsOn, setStartsOn] = useState(initial?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(initial?.endsOn ?? '');
  const { busy, fields, formError, submit: run } = useFormSubmit(FIELDS);

  // Archived programs are offered only to the cohort that already follows one.
  const choices = programs.status === 'ready' ? programs.data.filter((program) => program.status === 'ACTIVE' || String(program.id) === programId) : [];

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('admin.common.required');
    if (startsOn && endsOn && endsOn < startsOn) problems.endsOn = t('admin.structure.endsBeforeStarts');
    await run(problems, () => onSubmit({ name: name.trim(), programId: programId ? Number(programId) : null, startsOn: startsOn || null, endsOn: endsOn || null }));
  }

  return (
    <CardForm label={label} onSubmit={(event) => void submit(event)}>
      <NameField value={name} error={fields.name} onChange={setName} />
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
      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </CardForm>
  );
}
